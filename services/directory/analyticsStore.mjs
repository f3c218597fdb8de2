// Analytics events (rules §7 `POST /e`) in the service storage (schema `analytics`, services/storage): the reference
// receiver keeps what the modal reports so a host can read it back, and a batch sent twice (a keepalive request
// retried on page close) is kept once, by its event ids.

/** @type {readonly import('../storage/index.mjs').Migration[]} */
export const ANALYTICS_MIGRATIONS = [
  {
    name: 'create events',
    sql: `CREATE TABLE analytics.events (
      project_id text NOT NULL,
      event_id text NOT NULL,
      url text NOT NULL,
      domain text NOT NULL,
      timestamp bigint NOT NULL,
      props jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, event_id)
    );
    CREATE INDEX events_by_time ON analytics.events (project_id, timestamp)`,
  },
  {
    name: 'events keep the order they arrived in',
    // Events of one batch often share a millisecond: the order they were sent in breaks the tie.
    sql: 'ALTER TABLE analytics.events ADD COLUMN arrival bigserial',
  },
]

/**
 * One stored event, as `POST /e` received it.
 *
 * @typedef {object} AnalyticsEvent
 * @property {string} eventId
 * @property {string} url the page the event happened on
 * @property {string} domain its host name
 * @property {number} timestamp milliseconds since 1970
 * @property {{ event: string } & Record<string, unknown>} props `{ type, event, properties? }`
 */

/**
 * Migrates the `analytics` schema and returns the store over it.
 *
 * @param {import('../storage/index.mjs').Database} database
 */
export async function createAnalyticsStore(database) {
  await database.migrate({ schema: 'analytics', migrations: ANALYTICS_MIGRATIONS })
  return {
    /**
     * Keeps a batch in one transaction; an event id already kept for the project is skipped.
     *
     * @param {string} projectId @param {readonly AnalyticsEvent[]} events
     * @returns {Promise<number>} how many were new
     */
    async add(projectId, events) {
      return database.transaction(async (tx) => {
        let added = 0
        for (const event of events) {
          const { rowCount } = await tx.query(
            `INSERT INTO analytics.events (project_id, event_id, url, domain, timestamp, props)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [projectId, event.eventId, event.url, event.domain, event.timestamp, JSON.stringify(event.props)],
          )
          added += rowCount
        }
        return added
      })
    },
    /**
     * A project's events, oldest first.
     *
     * @param {string} projectId
     * @returns {Promise<AnalyticsEvent[]>}
     */
    async list(projectId) {
      const { rows } = await database.query(
        `SELECT event_id, url, domain, timestamp, props FROM analytics.events
         WHERE project_id = $1 ORDER BY timestamp, arrival`,
        [projectId],
      )
      return rows.map((row) => ({
        eventId: row.event_id,
        url: row.url,
        domain: row.domain,
        timestamp: Number(row.timestamp),
        props: row.props,
      }))
    },
  }
}
