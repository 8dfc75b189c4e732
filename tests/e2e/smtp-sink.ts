/**
 * A small SMTP server on loopback for the crash tests. It takes every message,
 * or, while `hold` is on, keeps a message's sender waiting after the last line
 * of its data without answering: the moment a shop that sends mail is killed.
 * A message is delivered only once it is answered 250, as on a real server; a
 * held one whose sender dies is dropped.
 */
import net from "node:net";

export type SmtpSink = {
  url: string;
  /** Messages taken (answered 250), whole, as sent. */
  delivered: string[];
  /** Messages complete but not answered yet. */
  held: string[];
  hold: boolean;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const sink: SmtpSink = { url: "", delivered: [], held: [], hold: false, close: async () => {} };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let data: string[] | undefined;
    let heldMessage: string | undefined;
    socket.on("close", () => {
      if (heldMessage !== undefined) sink.held.splice(sink.held.indexOf(heldMessage), 1);
    });
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== ".") {
            data.push(line.startsWith("..") ? line.slice(1) : line);
            continue;
          }
          const message = data.join("\r\n");
          data = undefined;
          if (sink.hold) {
            heldMessage = message;
            sink.held.push(message);
          } else {
            sink.delivered.push(message);
            reply("250 2.0.0 queued");
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-sink\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = [];
          reply("354 go ahead");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else if (["HELO", "MAIL", "RCPT", "RSET", "NOOP"].includes(verb)) reply("250 OK");
        else reply("502 not implemented");
      }
    });
    reply("220 sink ESMTP");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  sink.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return sink;
}

/** The messages made from one template for one address (the X-Dorsal-Template header names it). */
export function mailsOf(messages: string[], template: string, to: string): string[] {
  return messages.filter(
    (m) => m.includes(`X-Dorsal-Template: ${template}`) && new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(m),
  );
}
