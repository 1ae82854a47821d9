CREATE TABLE "member_card_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"terminal_id" uuid NOT NULL,
	"step" bigint NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"card_number" varchar(10) NOT NULL,
	"secret" varchar(44) NOT NULL,
	"last_used_step" bigint,
	"secret_rotated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_card_number_unique" UNIQUE("card_number"),
	CONSTRAINT "member_cards_card_number_check" CHECK ("member_cards"."card_number" ~ '^[1-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "pos_terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_terminals_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "member_card_scans" ADD CONSTRAINT "member_card_scans_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card_scans" ADD CONSTRAINT "member_card_scans_terminal_id_pos_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."pos_terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_card_scans_member_id_scanned_at_idx" ON "member_card_scans" USING btree ("member_id","scanned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_card_scans_terminal_id_idx" ON "member_card_scans" USING btree ("terminal_id");