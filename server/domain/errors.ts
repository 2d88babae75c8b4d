// Errors the domain raises for a client's mistake. The HTTP layer maps them to Laravel-style 422
// bodies; the admin CLI prints their message. Anything else is a bug (500).
export class FieldValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A mistake of an admin command (unknown email, unknown plan…). */
export class AdminCommandError extends Error {}
