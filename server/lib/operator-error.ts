/**
 * A failure whose message is already what whoever runs the server or an operator command is
 * told: one zh-TW sentence of what is wrong and what to do. The server's start and the commands
 * print it as it is; any other error is told by its kind and code (`failureText`).
 */
export class OperatorError extends Error {}
