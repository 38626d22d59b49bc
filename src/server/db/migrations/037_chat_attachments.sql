-- Chat attachments (issue 26; docs/collab.md). A file attached to a chat message is a stored file
-- (kept by content hash like any other, purpose 'chat': out of schedule document lists). It is
-- uploaded first (POST chat/{id}/attachments, kind temp: an upload never sent expires with the temp
-- files) and bound to the message it is sent with (kind documents from then on).
ALTER TABLE stored_files DROP CONSTRAINT IF EXISTS stored_files_purpose_check;
ALTER TABLE stored_files
  ADD CONSTRAINT stored_files_purpose_check CHECK (purpose IN ('file', 'photo', 'chat'));

CREATE TABLE chat_attachments (
  space_id uuid NOT NULL,
  file_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  -- NULL until the message it was uploaded for is sent.
  message_id bigint,
  position integer NOT NULL DEFAULT 0,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, file_id),
  FOREIGN KEY (space_id, file_id) REFERENCES stored_files (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, chat_id) REFERENCES chats (space_id, id) ON DELETE CASCADE,
  FOREIGN KEY (space_id, message_id) REFERENCES chat_messages (space_id, id) ON DELETE CASCADE
);
CREATE INDEX chat_attachments_message_idx ON chat_attachments (space_id, message_id);
