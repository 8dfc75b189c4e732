-- Order-event causes become records (app/domain/order-cause.ts) instead of English sentences.
-- Each sentence the shop used to write is read back into its record; anything else is kept as
-- {"code": "legacy", "text": …}.
ALTER TABLE "order_events" ALTER COLUMN "cause" SET DATA TYPE jsonb USING (
  CASE
    WHEN "cause" = 'checkout' THEN jsonb_build_object('code', 'checkout')
    WHEN "cause" = 'checkout fullset' THEN jsonb_build_object('code', 'checkoutFullset')
    WHEN "cause" = 'pre-order form' THEN jsonb_build_object('code', 'preorderForm')
    WHEN "cause" IN ('free', 'delivered', 'expired') THEN jsonb_build_object('code', "cause")
    WHEN "cause" ~ '^manual (paid|refunded|cancelled) by \S+: ' THEN jsonb_build_object(
      'code', 'manual',
      'move', (regexp_match("cause", '^manual (\S+) by (\S+): (.*)$'))[1],
      'by', (regexp_match("cause", '^manual (\S+) by (\S+): (.*)$'))[2],
      'reason', (regexp_match("cause", '^manual (\S+) by (\S+): (.*)$'))[3])
    WHEN "cause" ~ '^\S+ payment \S+ (pending|approved|rejected|refunded)$' THEN jsonb_build_object(
      'code', 'payment',
      'provider', (regexp_match("cause", '^(\S+) payment (\S+) (\S+)$'))[1],
      'paymentId', (regexp_match("cause", '^(\S+) payment (\S+) (\S+)$'))[2],
      'status', (regexp_match("cause", '^(\S+) payment (\S+) (\S+)$'))[3])
    WHEN "cause" ~ '^paid by pre-order \S+$' THEN jsonb_build_object('code', 'paidByPreorder', 'preorder', substring("cause" from 19))
    WHEN "cause" ~ '^pre-order \S+$' THEN jsonb_build_object('code', 'fromPreorder', 'preorder', substring("cause" from 11))
    WHEN "cause" ~ '^sale \S+$' THEN jsonb_build_object('code', 'sale', 'order', substring("cause" from 6))
    WHEN "cause" ~ '^provider unavailable: \S+$' THEN jsonb_build_object('code', 'providerUnavailable', 'provider', substring("cause" from 23))
    ELSE jsonb_build_object('code', 'legacy', 'text', "cause")
  END
);
