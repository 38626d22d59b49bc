-- A member's channels for one chat (issue 26, "per-chat settings (mute, channels)"): where this
-- chat's notices (mentions) reach them — site, corporate e-mail, the product's channel. NULL: the
-- channels chosen in the profile.
ALTER TABLE chat_members ADD COLUMN channels text[];
