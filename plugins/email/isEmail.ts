// rules §5: email fields hold valid emails. The same check valibot's `email()` makes, without a schema.
const EMAIL = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu

/** True for an address a mail can go to, surrounding spaces aside. */
export function isEmail(value: string): boolean {
  return value.trim().length <= 254 && EMAIL.test(value.trim())
}
