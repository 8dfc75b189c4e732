CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"action" text NOT NULL,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"lang" text DEFAULT 'es' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fullset_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"bib_ranges" text NOT NULL,
	"price_ars" integer NOT NULL,
	"price_usd" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unique_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notify_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"category" text,
	"bib" integer,
	"lang" text DEFAULT 'es' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"preorder_id" integer,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_photos" (
	"order_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "order_photos_order_id_photo_id_pk" PRIMARY KEY("order_id","photo_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text DEFAULT 'cart' NOT NULL,
	"race_id" integer,
	"fullset_bib" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"total" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_link" text,
	"cart_hash" text NOT NULL,
	"lang" text DEFAULT 'es' NOT NULL,
	"zip_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_state_valid" CHECK ("orders"."state" between 1 and 6),
	CONSTRAINT "orders_total_nonnegative" CHECK ("orders"."total" >= 0 and "orders"."subtotal" >= "orders"."total")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"lang" text NOT NULL,
	"race_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"preorder_id" integer,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_bibs" (
	"photo_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"confidence" real,
	CONSTRAINT "photo_bibs_photo_id_bib_pk" PRIMARY KEY("photo_id","bib")
);
--> statement-breakpoint
CREATE TABLE "photo_tags" (
	"photo_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "photo_tags_photo_id_tag_id_pk" PRIMARY KEY("photo_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"race_id" integer NOT NULL,
	"frame" text NOT NULL,
	"original_key" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone,
	"free" boolean DEFAULT false NOT NULL,
	"price_ars" integer,
	"price_usd" integer,
	"sale_ars" integer,
	"sale_usd" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"thumb_key" text,
	"medium_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preorders" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"race_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"dni" text NOT NULL,
	"distance" text,
	"state" smallint DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_link" text,
	"lang" text DEFAULT 'es' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "preorders_state_valid" CHECK ("preorders"."state" in (1, 2, 3, 4, 6))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"subtitle" jsonb DEFAULT '{"es":""}'::jsonb NOT NULL,
	"logo_key" text,
	"hero_key" text,
	"event_date" date,
	"timezone" text DEFAULT 'America/Argentina/Buenos_Aires' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"uploading" boolean DEFAULT false NOT NULL,
	"price_ars" integer DEFAULT 0 NOT NULL,
	"price_usd" integer DEFAULT 0 NOT NULL,
	"fullset_ars" integer DEFAULT 0 NOT NULL,
	"fullset_usd" integer DEFAULT 0 NOT NULL,
	"fullset_min_photos" integer DEFAULT 0 NOT NULL,
	"preorder_ars" integer DEFAULT 0 NOT NULL,
	"preorder_usd" integer DEFAULT 0 NOT NULL,
	"preorder_open" boolean DEFAULT false NOT NULL,
	"distances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bib_ranges" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "races_money_nonnegative" CHECK ("races"."price_ars" >= 0 and "races"."price_usd" >= 0 and "races"."fullset_ars" >= 0 and "races"."fullset_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fullset_overrides" ADD CONSTRAINT "fullset_overrides_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_signups" ADD CONSTRAINT "notify_signups_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_preorder_id_preorders_id_fk" FOREIGN KEY ("preorder_id") REFERENCES "public"."preorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_photos" ADD CONSTRAINT "order_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_preorder_id_preorders_id_fk" FOREIGN KEY ("preorder_id") REFERENCES "public"."preorders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_bibs" ADD CONSTRAINT "photo_bibs_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_bibs" ADD CONSTRAINT "photo_bibs_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_key" ON "admin_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "fullset_overrides_race_idx" ON "fullset_overrides" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_signups_once_key" ON "notify_signups" USING btree ("race_id","email","bib");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_preorder_idx" ON "order_events" USING btree ("preorder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_public_id_key" ON "orders" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "orders_cart_hash_idx" ON "orders" USING btree ("cart_hash","created_at");--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_views_race_idx" ON "page_views" USING btree ("race_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "photo_bibs_race_bib_idx" ON "photo_bibs" USING btree ("race_id","bib");--> statement-breakpoint
CREATE INDEX "photo_tags_tag_idx" ON "photo_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_public_id_key" ON "photos" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_race_sha_key" ON "photos" USING btree ("race_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_race_frame_key" ON "photos" USING btree ("race_id","frame");--> statement-breakpoint
CREATE INDEX "photos_race_order_idx" ON "photos" USING btree ("race_id","free" DESC NULLS LAST,"taken_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "preorders_public_id_key" ON "preorders" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "preorders_race_idx" ON "preorders" USING btree ("race_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "races_slug_key" ON "races" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "races_status_date_idx" ON "races" USING btree ("status","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_race_slug_key" ON "tags" USING btree ("race_id","slug");