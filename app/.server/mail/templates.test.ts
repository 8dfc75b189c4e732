import { describe, expect, it } from "vitest";
import { LANGS } from "../../i18n/langs.ts";
import { renderMail } from "./render.ts";
import { TEMPLATES, type TemplateData, type TemplateName } from "./templates/index.ts";

// One sample per template: a new template without a sample fails to type-check here.
const SAMPLES: { [K in TemplateName]: TemplateData<K> } = {
  contactReceived: { name: "Ana" },
  contactReply: { name: "Ana", reply: "Ya están publicadas.\n\nSaludos", original: "¿Cuándo están las fotos?" },
  contactToShop: { id: 7, name: "Ana", email: "ana@example.com", phone: null, message: "Hola", visitorLang: "br" },
  notifySignup: { firstName: "Ana", raceName: "Ultra Fiambalá", raceSlug: "ultra-fiambala-2025", bib: 305, category: "General" },
  photosReady: { firstName: "Ana", raceName: "Ultra Fiambalá", raceSlug: "ultra-fiambala-2025", bib: 305 },
  photosWatched: { firstName: "Ana", raceName: "Ultra Fiambalá", raceSlug: "ultra-fiambala-2025", bib: 305 },
  photosFound: { firstName: "Ana", raceName: "Ultra Fiambalá", raceSlug: "ultra-fiambala-2025", bib: 305, count: 3 },
  orderReceived: { firstName: "Ana", id: "Q7hK2mNpR4sT9vWx", count: 3, total: "AR$ 12.750", payLink: "https://shop.example/pay/demo/abc" },
  purchaseReady: { firstName: "Ana", id: "Q7hK2mNpR4sT9vWx", count: 3, total: "AR$ 12.750" },
  purchaseRefunded: { firstName: "Ana", id: "Q7hK2mNpR4sT9vWx", total: "US$ 25,00" },
  paymentReturned: { firstName: "Ana", id: "Q7hK2mNpR4sT9vWx", amount: "AR$ 5.000", kept: true },
  preorderConfirmed: { firstName: "Ana", id: "P3kL9mNqR2sT8vWy", race: "Patagonia Run", dni: "305", total: "AR$ 40.000" },
  preorderPhotosReady: { firstName: "Ana", id: "Q7hK2mNpR4sT9vWx", race: "Patagonia Run", count: 12 },
};

const URL = "https://shop.example";

describe("mail templates", () => {
  for (const name of Object.keys(TEMPLATES) as TemplateName[]) {
    for (const lang of LANGS) {
      it(`${name} renders in ${lang} with nothing left unfilled`, () => {
        const mail = renderMail(name, lang, SAMPLES[name] as never, URL);
        expect(mail.subject.length).toBeGreaterThan(3);
        for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\w+\}/);
        expect(mail.html).toContain(`<html lang="${lang === "br" ? "pt-BR" : lang}">`);
        expect(mail.text).toContain(URL);
      });
    }
  }

  it("tells a runner watching their number how many photos turned up, with the link to them", () => {
    const three = renderMail("photosFound", "en", SAMPLES.photosFound, URL);
    expect(three.subject).toBe("We found photos of #305 at Ultra Fiambalá!");
    expect(three.text).toContain("There are now 3 photos of number 305 at Ultra Fiambalá.");
    expect(three.text).toContain(`${URL}/en/race/ultra-fiambala-2025?n=305`);
    expect(renderMail("photosFound", "es", { ...SAMPLES.photosFound, count: 1 }, URL).text).toContain("Ya hay una foto del número 305 en Ultra Fiambalá.");
    expect(renderMail("photosFound", "br", SAMPLES.photosFound, URL).subject).toBe("Encontramos fotos do #305 em Ultra Fiambalá!");
    expect(renderMail("photosWatched", "br", SAMPLES.photosWatched, URL).text).toContain(`${URL}/br/carreira/ultra-fiambala-2025?n=305`);
  });

  it("tells a runner who asked to hear of more photos what they had found and how many are new", () => {
    const more = { ...SAMPLES.photosFound, count: 5, seen: 2 };
    expect(renderMail("photosFound", "en", more, URL).subject).toBe("More photos of #305 at Ultra Fiambalá!");
    expect(renderMail("photosFound", "en", more, URL).text).toContain("There are 3 new photos of number 305 at Ultra Fiambalá: 5 in all now.");
    expect(renderMail("photosFound", "es", { ...more, seen: 4 }, URL).text).toContain("Hay una foto nueva del número 305 en Ultra Fiambalá: ahora son 5.");
    expect(renderMail("photosFound", "br", more, URL).subject).toBe("Há mais fotos do #305 em Ultra Fiambalá!");
    const watched = (lang: "es" | "en" | "br", seen: number) => renderMail("photosWatched", lang, { ...SAMPLES.photosWatched, seen }, URL);
    expect(watched("en", 2).subject).toBe("We will let you know when more photos of #305 turn up at Ultra Fiambalá");
    expect(watched("en", 2).text).toContain("You found 2 photos of number 305 at Ultra Fiambalá.");
    expect(watched("es", 1).text).toContain("Encontraste una foto del número 305 en Ultra Fiambalá.");
    expect(watched("br", 3).subject).toBe("Avisaremos quando aparecerem mais fotos do #305 em Ultra Fiambalá");
    expect(watched("br", 3).text).toContain("Você encontrou 3 fotos do número 305 em Ultra Fiambalá.");
  });

  it("tells a buyer whose purchase stands apart from one whose purchase had been refunded", () => {
    const data = SAMPLES.paymentReturned;
    const kept = renderMail("paymentReturned", "en", data, URL);
    const refunded = renderMail("paymentReturned", "en", { ...data, kept: false }, URL);
    expect(kept.text).toContain("you paid twice");
    expect(kept.text).toContain("download links keep working");
    expect(refunded.text).toContain("came after your refund");
    expect(refunded.text).not.toContain("download links keep working");
  });

  it("names a pre-order's returned payment as the pre-order's, whose photos are still to come", () => {
    const data = { ...SAMPLES.paymentReturned, preorder: true };
    const expected = {
      es: ["Te devolvemos un pago repetido de tu preventa Q7hK2mNpR4sT9vWx", "Tu preventa sigue confirmada"],
      en: ["We are returning a repeated payment of your pre-order Q7hK2mNpR4sT9vWx", "Your pre-order stays confirmed"],
      br: ["Estamos devolvendo um pagamento repetido da sua pré-venda Q7hK2mNpR4sT9vWx", "Sua pré-venda continua confirmada"],
    } as const;
    for (const [lang, [subject, kept]] of Object.entries(expected)) {
      const mail = renderMail("paymentReturned", lang as keyof typeof expected, data, URL);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(kept);
      expect(mail.text).not.toMatch(/download links|enlaces de descarga|links de download/);
    }
  });

  it("writes each language's own texts", () => {
    const data = SAMPLES.notifySignup;
    expect(renderMail("notifySignup", "es", data, URL).subject).toBe("Te avisamos cuando estén las fotos de Ultra Fiambalá");
    expect(renderMail("notifySignup", "en", data, URL).subject).toBe("We will let you know when the photos of Ultra Fiambalá are ready");
    expect(renderMail("notifySignup", "br", data, URL).subject).toBe("Avisaremos quando as fotos de Ultra Fiambalá estiverem prontas");
  });

  it("links into the shop in the message's language", () => {
    expect(renderMail("notifySignup", "br", SAMPLES.notifySignup, URL).html).toContain(`href="${URL}/br/carreira/ultra-fiambala-2025"`);
    expect(renderMail("photosReady", "en", SAMPLES.photosReady, URL).text).toContain(`${URL}/en/race/ultra-fiambala-2025?n=305`);
    expect(renderMail("contactReceived", "es", SAMPLES.contactReceived, URL).text).toContain(`${URL}/ayuda`);
  });

  it("escapes what visitors typed in the HTML part and keeps it verbatim in the text part", () => {
    const mail = renderMail("contactToShop", "es", { ...SAMPLES.contactToShop, name: "<b>Eve</b>", message: "<script>alert(1)</script>\nline two" }, URL);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;<br>line two");
    expect(mail.text).toContain("> <script>alert(1)</script>\n> line two");
    expect(mail.subject).toBe("Nueva consulta de <b>Eve</b>");
  });

  it("shows the visitor's details to the shop, with a placeholder for a missing phone", () => {
    const mail = renderMail("contactToShop", "es", SAMPLES.contactToShop, URL);
    expect(mail.text).toContain("E-mail: ana@example.com");
    expect(mail.text).toContain("Teléfono: (no indicó)");
    expect(mail.text).toContain("Idioma: Português");
  });

  it("rejects data that does not fit the template", () => {
    expect(() => renderMail("notifySignup", "es", { ...SAMPLES.notifySignup, bib: -1 }, URL)).toThrow();
  });
});
