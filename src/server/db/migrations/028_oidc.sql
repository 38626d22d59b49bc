-- Sign-in by OpenID Connect (issue 21; docs/admin.md): the provider's subject of a user, and the
-- sign-ins under way (state → PKCE verifier and nonce, kept server-side for ten minutes).

CREATE TABLE oidc_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id);

CREATE TABLE oidc_logins (
  state text PRIMARY KEY,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
