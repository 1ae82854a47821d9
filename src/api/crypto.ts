// What the client loads with its first call (client.ts): the envelope's signature and the AES of
// sensitive values, and with them the @noble code they run on.
export { encryptValue } from '#protocol/crypto';
export { buildEnvelope } from '#protocol/envelope';
