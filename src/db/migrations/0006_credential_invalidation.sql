-- Credential invalidation: every change that can take a grant away from a bearer token notifies
-- the simdeck_credentials channel when its transaction commits, so that every replica empties its
-- credential cache (src/modules/auth/credential-cache.ts). Cascades (an organization or account
-- deleted) reach these tables too. Notifications with one payload in one transaction are merged.
CREATE FUNCTION simdeck_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('simdeck_credentials', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER memberships_credentials_changed AFTER UPDATE OR DELETE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION simdeck_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER users_credentials_changed AFTER UPDATE OF token_version, email OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION simdeck_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER api_tokens_credentials_changed AFTER UPDATE OF token_hash, organization_id, role, created_by_user_id, created_by_email OR DELETE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION simdeck_credentials_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_credentials_changed AFTER DELETE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION simdeck_credentials_changed();
