-- Family polls (issue 8): a poll, its options, one vote per person. Owners and voters are
-- Firebase uids (see server/db/schema/polls.ts for why not users rows).
CREATE TABLE "poll_options" (
	"poll_id" text NOT NULL,
	"id" text NOT NULL,
	"position" smallint NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "poll_options_poll_id_id_pk" PRIMARY KEY("poll_id","id"),
	CONSTRAINT "poll_options_position_check" CHECK ("poll_options"."position" BETWEEN 0 AND 4)
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" text NOT NULL,
	"voter_uid" text NOT NULL,
	"option_id" text NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_poll_id_voter_uid_pk" PRIMARY KEY("poll_id","voter_uid")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_uid" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_option_fk" FOREIGN KEY ("poll_id","option_id") REFERENCES "public"."poll_options"("poll_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "polls_owner_created_at_idx" ON "polls" USING btree ("owner_uid","created_at" DESC NULLS LAST);