import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useRevalidator } from "react-router";
import { bibVerdict } from "../domain/bib-verdict.ts";
import { fill } from "../i18n/messages/index.ts";
import { useLang } from "../i18n/use-messages.ts";
import { useAdminMessages } from "../i18n/messages/admin/index.ts";
import type { TaggingData } from "../components/admin/tagging-types.ts";
import { postAdminJson, settledElsewhere } from "./post-json.ts";
import { useAdmin } from "./use-admin.ts";

type Review = NonNullable<TaggingData["review"]>;
export type ReviewItem = Review["queue"]["items"][number];
export type AutoItem = Review["auto"]["items"][number];
/** The last decision's outcome, as the screen says it. */
export type Said = { kind: "ok" | "error"; text: string } | null;

/**
 * The review queue's state and moves (components/admin/bib-review.tsx draws
 * it): the readings still to decide and the automatic tags, decisions saved in
 * the background (put back with the reason when a save fails; left out, and the
 * lists read again, when someone else decided it first), the focus moving down
 * the queue, and a refresh while photos are still being read.
 */
export function useReviewQueue(review: Review) {
  const t = useAdminMessages().review;
  const { csrfToken } = useAdmin();
  const lang = useLang();
  const revalidator = useRevalidator();
  const [queue, setQueue] = useState(review.queue.items);
  const [auto, setAuto] = useState(review.auto.items);
  const [decided, setDecided] = useState(0);
  const [undone, setUndone] = useState(0);
  const [said, setSaid] = useState<Said>(null);
  const [current, setCurrent] = useState(0);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const undoButtons = useRef(new Map<number, HTMLButtonElement>());

  // Fresh data from the server (after a form post or a reload) replaces the local lists.
  useEffect(() => {
    setQueue(review.queue.items);
    setAuto(review.auto.items);
    setDecided(0);
    setUndone(0);
  }, [review]);

  const focusItem = (index: number) => {
    const item = queue[Math.max(0, Math.min(index, queue.length - 1))];
    const input = item && inputs.current.get(item.id);
    if (!input) return;
    input.focus();
    input.select();
    input.scrollIntoView({ block: "nearest" });
  };

  // The first reading takes the focus on arrival and after each decision; a background refresh leaves it where it is.
  const refocus = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the queue changes, not when the current reading moves
  useEffect(() => {
    if (!refocus.current || !queue.length) return;
    refocus.current = false;
    focusItem(current);
  }, [queue]);

  // While photos are still being read, or decided again (a new start list, timing file or threshold), new
  // readings and figures arrive: refresh between decisions.
  const inflight = useRef(0);
  const { queued, redeciding } = review.progress;
  useEffect(() => {
    if (queued === 0 && !redeciding) return;
    const timer = setInterval(
      () => {
        if (inflight.current === 0 && revalidator.state === "idle") revalidator.revalidate();
      },
      redeciding ? 1500 : 4000,
    );
    return () => clearInterval(timer);
  }, [queued, redeciding, revalidator]);

  // The queue on the server changed beyond this decision (it offered a bib to other frames of a burst or
  // withdrew one; or someone else, in another tab, had decided this reading first): the lists are read
  // again once no decision is on its way.
  const stale = useRef(false);
  const send = async (body: unknown) => {
    // A refresh already under way may have read the queue before this decision: read it again after.
    if (revalidator.state !== "idle") stale.current = true;
    inflight.current++;
    try {
      const done = await post(body);
      if (done?.burstChanged) stale.current = true;
    } catch (error) {
      if (settledElsewhere(error)) stale.current = true;
      throw error;
    } finally {
      inflight.current--;
      if (inflight.current === 0 && stale.current) {
        stale.current = false;
        void revalidator.revalidate();
      }
    }
  };
  const post = (body: unknown) => postAdminJson<{ burstChanged?: boolean }>(`/admin/api/bibs?lang=${lang}`, body, csrfToken);

  const decide = (item: ReviewItem, typed: string, reject: boolean) => {
    const action = bibVerdict(typed, item.bib, reject);
    if (!action) {
      setSaid({ kind: "error", text: t.badBib });
      return;
    }
    const index = queue.indexOf(item);
    setCurrent(index);
    refocus.current = true;
    setQueue((list) => list.filter((i) => i.id !== item.id));
    setDecided((n) => n + 1);
    const bib = action.action === "correct" ? action.bib : item.bib;
    const words = { accept: t.accepted, correct: t.corrected, reject: t.rejected }[action.action];
    setSaid({ kind: "ok", text: fill(words, { frame: item.frame, bib }) });
    send({ suggestionId: item.id, ...action }).catch((error: Error) => {
      // Back into the queue where it was, with the reason; unless it is no longer there to decide.
      if (!settledElsewhere(error)) setQueue((list) => [...list.slice(0, index), item, ...list.slice(index)]);
      setDecided((n) => n - 1);
      setSaid({ kind: "error", text: fill(t.failed, { frame: item.frame, error: error.message }) });
    });
  };

  const undo = (item: AutoItem) => {
    const index = auto.indexOf(item);
    const next = auto[index + 1] ?? auto[index - 1];
    setAuto((list) => list.filter((i) => i.id !== item.id));
    setUndone((n) => n + 1);
    setSaid({ kind: "ok", text: fill(t.undone, { frame: item.frame, bib: item.bib }) });
    if (next) requestAnimationFrame(() => undoButtons.current.get(next.id)?.focus());
    send({ action: "undoAuto", photoId: item.photoId, bib: item.bib }).catch((error: Error) => {
      if (!settledElsewhere(error)) setAuto((list) => [...list.slice(0, index), item, ...list.slice(index)]);
      setUndone((n) => n - 1);
      setSaid({ kind: "error", text: fill(t.failed, { frame: item.frame, error: error.message }) });
    });
  };

  const onSubmit = (item: ReviewItem) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    decide(item, inputs.current.get(item.id)?.value ?? "", submitter?.value === "reject");
  };

  const onKeyDown = (item: ReviewItem) => (event: KeyboardEvent<HTMLInputElement>) => {
    const index = queue.indexOf(item);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setCurrent(index + 1);
      focusItem(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setCurrent(index - 1);
      focusItem(index - 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.currentTarget.value = String(item.bib);
      event.currentTarget.select();
    }
  };

  /** The "load more" button: fetch the next readings and focus the first. */
  const loadMore = () => {
    refocus.current = true;
    setCurrent(0);
    void revalidator.revalidate();
  };

  return { queue, auto, decided, undone, said, inputs, undoButtons, setCurrent, undo, onSubmit, onKeyDown, loadMore };
}
