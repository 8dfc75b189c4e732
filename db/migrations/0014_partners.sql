CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_by" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer,
	"organizer_id" integer,
	"photographer_pct" smallint NOT NULL,
	"organizer_pct" smallint NOT NULL,
	"shop_pct" smallint NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_shares_percents" CHECK ("race_shares"."photographer_pct" between 0 and 100 and "race_shares"."organizer_pct" between 0 and 100 and "race_shares"."shop_pct" between 0 and 100 and "race_shares"."photographer_pct" + "race_shares"."organizer_pct" + "race_shares"."shop_pct" = 100),
	CONSTRAINT "race_shares_organizer" CHECK ("race_shares"."organizer_pct" = 0 or "race_shares"."organizer_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "sale_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"entry" text NOT NULL,
	"currency" text NOT NULL,
	"received" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "split_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"split_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"photographer_id" integer,
	"organizer_id" integer,
	"free" boolean NOT NULL,
	"amount" integer NOT NULL,
	"photographer_part" integer NOT NULL,
	"organizer_part" integer NOT NULL,
	"shop_part" integer NOT NULL,
	CONSTRAINT "split_lines_parts_add_up" CHECK ("split_lines"."photographer_part" + "split_lines"."organizer_part" + "split_lines"."shop_part" = "split_lines"."amount")
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "payout_details" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "photographer_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_partner_id_admin_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_admin_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_shares" ADD CONSTRAINT "race_shares_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_shares" ADD CONSTRAINT "race_shares_organizer_id_admin_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_shares" ADD CONSTRAINT "race_shares_set_by_admin_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_splits" ADD CONSTRAINT "sale_splits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_split_id_sale_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."sale_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_share_id_race_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."race_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_photographer_id_admin_users_id_fk" FOREIGN KEY ("photographer_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_lines" ADD CONSTRAINT "split_lines_organizer_id_admin_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_partner_period_key" ON "payouts" USING btree ("partner_id","period","currency");--> statement-breakpoint
CREATE INDEX "race_shares_race_idx" ON "race_shares" USING btree ("race_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_splits_order_entry_key" ON "sale_splits" USING btree ("order_id","entry");--> statement-breakpoint
CREATE INDEX "sale_splits_at_idx" ON "sale_splits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "split_lines_split_idx" ON "split_lines" USING btree ("split_id");--> statement-breakpoint
CREATE INDEX "split_lines_race_idx" ON "split_lines" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "split_lines_photographer_idx" ON "split_lines" USING btree ("photographer_id");--> statement-breakpoint
CREATE INDEX "split_lines_organizer_idx" ON "split_lines" USING btree ("organizer_id");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photographer_id_admin_users_id_fk" FOREIGN KEY ("photographer_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_photographer_idx" ON "photos" USING btree ("photographer_id");--> statement-breakpoint
-- The shop-wide default until an admin sets another, in force for every sale ever paid: 70 % to each photo's photographer, 30 % to the shop.
INSERT INTO "race_shares" ("race_id", "photographer_pct", "organizer_pct", "shop_pct", "created_at") VALUES (NULL, 70, 0, 30, '2000-01-01T00:00:00Z');
