-- The product's own channel of notices (issue 26; spec §3 notification channel "{product}"): a
-- member who chose it gets each notice as a message in their own "Notices" chat of the product's
-- messenger (kind notices: one per member and space, user_a = that member, read-only, messages
-- without an author). The inline checks of 022 are replaced to admit the third kind.
ALTER TABLE chats DROP CONSTRAINT chats_kind_check;
ALTER TABLE chats DROP CONSTRAINT chats_check;
ALTER TABLE chats ADD CONSTRAINT chats_kind_check CHECK (kind IN ('eps', 'direct', 'notices'));
ALTER TABLE chats ADD CONSTRAINT chats_check CHECK (
  (kind = 'eps' AND eps_id IS NOT NULL AND user_a IS NULL AND user_b IS NULL)
  OR (kind = 'direct' AND eps_id IS NULL AND user_a IS NOT NULL AND user_b IS NOT NULL AND user_a < user_b)
  OR (kind = 'notices' AND eps_id IS NULL AND user_a IS NOT NULL AND user_b IS NULL)
);
CREATE UNIQUE INDEX chats_notices_key ON chats (space_id, user_a) WHERE kind = 'notices';
