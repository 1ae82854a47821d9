CREATE TABLE "identity_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_user_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_bindings_provider_user_unique" UNIQUE("provider","provider_user_id"),
	CONSTRAINT "identity_bindings_provider_member_unique" UNIQUE("provider","member_id")
);
--> statement-breakpoint
ALTER TABLE "identity_bindings" ADD CONSTRAINT "identity_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;