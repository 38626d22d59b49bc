-- Localization (issue 21; docs/admin.md): a space's overrides of the client's bundled texts per
-- language (namespace → tree of texts, checked against the bundle when stored), and the language
-- a user last chose (GET localization/set/{id}).

CREATE TABLE space_texts (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('en', 'ru', 'fr')),
  texts jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, lang)
);

ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'ru', 'fr'));
