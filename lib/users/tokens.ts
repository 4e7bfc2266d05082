// The secret of an e-mailed link (invitation, password reset): 32 random bytes in the link, only
// their SHA-256 in the database, so that the table (or a backup) gives no usable link.
// (lib/secret-token.ts, the one way of every link's token).
export {
  hashSecretToken as tokenHash,
  isSecretTokenShape as isTokenShape,
  newSecretToken as newLinkToken,
} from "@memorial/lib/secret-token";
