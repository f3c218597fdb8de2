// The crash test's child (services/storage/storage.integration.test.ts): opens the database the environment names
// (DATABASE_URL or FOYER_DATA_DIR), then writes rows until it is killed. Each row goes in with a counter update in
// one transaction, and its id is printed only once that transaction has committed.
import { openDatabase } from '../services/storage/index.mjs'

const database = await openDatabase()
await database.migrate({
  schema: 'crash',
  migrations: [
    {
      name: 'create rows and total',
      sql: `CREATE TABLE crash.rows (id integer PRIMARY KEY, payload text NOT NULL);
            CREATE TABLE crash.total (count integer NOT NULL);
            INSERT INTO crash.total VALUES (0)`,
    },
  ],
})
process.stdout.write('ready\n')
for (let id = 1; ; id += 1) {
  await database.transaction(async (tx) => {
    await tx.query('INSERT INTO crash.rows (id, payload) VALUES ($1, $2)', [id, `row ${id} `.repeat(20)])
    await tx.query('UPDATE crash.total SET count = count + 1')
  })
  // Synchronous on a pipe (Linux), so the parent never hears of a row before it is committed.
  process.stdout.write(`${id}\n`)
}
