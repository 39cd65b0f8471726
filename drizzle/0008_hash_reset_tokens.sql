-- Password reset tokens are now stored as SHA-256 hashes (better-auth's
-- verification.storeIdentifier "hashed"). Tokens stored in plain text before
-- this migration are deleted: a link e-mailed in the hour before the upgrade
-- stops working and its owner asks for a new one.
DELETE FROM "verifications" WHERE "identifier" LIKE 'reset-password:%';
