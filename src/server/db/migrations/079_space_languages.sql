-- Languages a space's administrator adds (issue 21; docs/admin.md "Localization"): a code, its own
-- name and the bundled texts it starts from (en or ru); its texts are the base's with the space's
-- overrides (space_texts) laid over. The fixed en/ru/fr checks give way to the code's shape, so
-- overrides and a user's last chosen language may name an added language.

CREATE TABLE space_languages (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[a-z]{2,8}$' AND code NOT IN ('en', 'ru', 'fr')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  base text NOT NULL CHECK (base IN ('en', 'ru')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, code)
);

ALTER TABLE space_texts DROP CONSTRAINT space_texts_lang_check;
ALTER TABLE space_texts ADD CONSTRAINT space_texts_lang_check CHECK (lang ~ '^[a-z]{2,8}$');
ALTER TABLE users DROP CONSTRAINT users_language_check;
ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language ~ '^[a-z]{2,8}$');
