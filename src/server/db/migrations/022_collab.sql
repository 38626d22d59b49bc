-- Chat, notices and delegation (issue 26; docs/collab.md).
-- Chats: one per EPS node (kind eps) and one per pair of members (kind direct, user_a < user_b).
-- Messages carry a global bigint id: paging both ways from a message is an index range scan.

CREATE TABLE chats (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('eps', 'direct')),
  eps_id uuid,
  user_a uuid REFERENCES users (id) ON DELETE CASCADE,
  user_b uuid REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE,
  CHECK ((kind = 'eps' AND eps_id IS NOT NULL AND user_a IS NULL AND user_b IS NULL)
    OR (kind = 'direct' AND eps_id IS NULL AND user_a IS NOT NULL AND user_b IS NOT NULL AND user_a < user_b))
);
CREATE UNIQUE INDEX chats_eps_key ON chats (space_id, eps_id) WHERE kind = 'eps';
CREATE UNIQUE INDEX chats_direct_key ON chats (space_id, user_a, user_b) WHERE kind = 'direct';

CREATE TABLE chat_messages (
  space_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL,
  tag text NOT NULL DEFAULT '',
  reply_to bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, chat_id) REFERENCES chats (space_id, id) ON DELETE CASCADE
);
CREATE INDEX chat_messages_chat_idx ON chat_messages (space_id, chat_id, id);

CREATE TABLE chat_reactions (
  space_id uuid NOT NULL,
  message_id bigint NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  emoji text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, message_id, user_id, emoji),
  FOREIGN KEY (space_id, message_id) REFERENCES chat_messages (space_id, id) ON DELETE CASCADE
);

-- A member's state in a chat: the last message read and the chat's settings (mute).
CREATE TABLE chat_members (
  space_id uuid NOT NULL,
  chat_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_read_id bigint NOT NULL DEFAULT 0,
  muted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (space_id, chat_id, user_id),
  FOREIGN KEY (space_id, chat_id) REFERENCES chats (space_id, id) ON DELETE CASCADE
);
CREATE INDEX chat_members_user_idx ON chat_members (space_id, user_id);

-- Notices (spec §3 notice types). in_list: shown in the notices list (the bell); in_area: shown
-- in the personal area (Home's open notices) until checked or deleted there. dedup keeps a
-- scheduled notice (task_will_start …) from being produced twice.
CREATE TABLE notices (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('executor_assigned_to_task', 'curator_assigned_to_task',
    'task_need_accept_expert_data', 'task_need_accept_daily_data', 'task_need_actual_by_timesheet',
    'task_will_start', 'task_will_finish', 'assignment_created', 'assignment_accepted',
    'assignment_comment', 'assignment_changed', 'assignment_date_approaching',
    'assignment_date_add_fact', 'assignment_date_change_plan', 'assignment_date_delay',
    'chat_mention')),
  params jsonb NOT NULL DEFAULT '{}',
  -- What the notice is about: {eps_id?, version_id?, wbs_id?, assignment_id?, timesheet_id?, chat_id?, message_id?}
  link jsonb NOT NULL DEFAULT '{}',
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  dedup text,
  read boolean NOT NULL DEFAULT false,
  in_list boolean NOT NULL DEFAULT true,
  in_area boolean NOT NULL DEFAULT true,
  checked boolean NOT NULL DEFAULT false,
  emailed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id)
);
CREATE INDEX notices_user_idx ON notices (user_id, space_id, created_at DESC);
CREATE UNIQUE INDEX notices_dedup_key ON notices (space_id, user_id, dedup) WHERE dedup IS NOT NULL;

-- Delegation: a member hands their rights in the space (eps_id null) or on an EPS node and its
-- subtree to another member from starts_at until ends_at.
CREATE TABLE delegations (
  space_id uuid NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  from_user uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_user uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  eps_id uuid,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, id),
  FOREIGN KEY (space_id, eps_id) REFERENCES eps_nodes (space_id, id) ON DELETE CASCADE,
  CHECK (from_user <> to_user),
  CHECK (ends_at > starts_at)
);
CREATE INDEX delegations_to_idx ON delegations (space_id, to_user, ends_at);
CREATE INDEX delegations_from_idx ON delegations (space_id, from_user);
