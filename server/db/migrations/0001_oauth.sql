CREATE TABLE "oauth_client_redirect_uris" (
	"client_id" varchar(32) NOT NULL,
	"uri" varchar(1024) NOT NULL,
	CONSTRAINT "oauth_client_redirect_uris_client_id_uri_pk" PRIMARY KEY("client_id","uri")
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"request_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "oauth_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"client_id" varchar(32) NOT NULL,
	"redirect_uri" varchar(1024) NOT NULL,
	"state" varchar(512) NOT NULL,
	"code_challenge" varchar(128),
	"code_challenge_method" varchar(8),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_requests_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "oauth_requests_pkce_check" CHECK (("oauth_requests"."code_challenge" is null and "oauth_requests"."code_challenge_method" is null) or "oauth_requests"."code_challenge_method" = 'S256')
);
--> statement-breakpoint
ALTER TABLE "oauth_client_redirect_uris" ADD CONSTRAINT "oauth_client_redirect_uris_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_request_id_oauth_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."oauth_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_requests" ADD CONSTRAINT "oauth_requests_client_id_oauth_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_codes_request_id_idx" ON "oauth_codes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "oauth_codes_member_id_idx" ON "oauth_codes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "oauth_requests_expires_at_idx" ON "oauth_requests" USING btree ("expires_at");