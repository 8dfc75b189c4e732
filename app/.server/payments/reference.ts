/** What a payment pays for, as the reference we hand to providers: `order:{publicId}` or `preorder:{publicId}`. */
export type Reference = { kind: "order" | "preorder"; publicId: string };

export function formatReference(ref: Reference): string {
  return `${ref.kind}:${ref.publicId}`;
}

export function parseReference(text: string | null | undefined): Reference | undefined {
  const m = /^(order|preorder):([A-Za-z0-9]{8,40})$/.exec(text ?? "");
  return m ? { kind: m[1] as Reference["kind"], publicId: m[2] } : undefined;
}
