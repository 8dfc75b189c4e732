import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { inRanges, parseBibList, parseBibRanges } from "../domain/bibs.ts";
import { useLang } from "../i18n/use-messages.ts";
import { useAdminMessages } from "../i18n/messages/admin/index.ts";
import type { TaggingPhoto } from "../.server/photo-desk/index.ts";
import type { TaggingData, TaggingLink } from "../components/admin/tagging-types.ts";
import { postAdminJson } from "./post-json.ts";
import { useAdmin } from "./use-admin.ts";

export type SaveState = "saving" | "saved" | { error: string };

/** What the bib field starts with: the saved bibs and recognition's open suggestions (so Enter accepts them all). */
const initialDraft = (photo: TaggingPhoto | undefined) =>
  !photo ? "" : [...photo.bibs, ...photo.suggestions.map((s) => s.bib).filter((b) => !photo.bibs.includes(b))].join(" ");

/**
 * The tagging desk's state and moves (components/admin/tagging-desk.tsx draws
 * it): the window of photos, the one shown, the bib field's draft and tags,
 * background saves and their outcome, the race's counts, and the keyboard.
 */
export function useTaggingDesk(data: TaggingData, link: TaggingLink) {
  const t = useAdminMessages().tagging;
  const lang = useLang();
  const { csrfToken } = useAdmin();
  const navigate = useNavigate();
  const { race, view, hasNext, hasPrevious } = data;
  const [photos, setPhotos] = useState(data.photos);
  const [index, setIndex] = useState(view.before ? data.photos.length - 1 : 0);
  const photo = photos[index] as TaggingPhoto | undefined;
  const [draft, setDraft] = useState(() => initialDraft(photo));
  const [tagIds, setTagIds] = useState<number[]>(photo?.tagIds ?? []);
  const [problem, setProblem] = useState<string>();
  const [states, setStates] = useState<Record<number, SaveState>>({});
  // The desk has moved on by the time a save answers: the status line speaks of the last photo saved.
  const [lastSaved, setLastSaved] = useState<{ id: number; frame: string } | null>(null);
  const [counts, setCounts] = useState({ tagged: race.counts.tagged, untagged: race.counts.untagged });
  const input = useRef<HTMLInputElement>(null);
  const ranges = useMemo(() => {
    try {
      return parseBibRanges(race.bibRanges);
    } catch {
      return [];
    }
  }, [race.bibRanges]);

  // Focus comes with hydration, not with the server's HTML (no autoFocus): keys typed into the bare HTML
  // would be selected over and replaced by the first keys typed after it.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
    // The next photos' images are fetched while the operator reads this one.
    for (const next of photos.slice(index + 1, index + 4)) if (next.mediumUrl) new Image().src = next.mediumUrl;
  }, [index, photos]);

  const go = (to: number) => {
    if (to < 0) {
      if (hasPrevious && photos.length) navigate(link({ before: photos[0].id, after: undefined, from: undefined }));
      return;
    }
    if (to >= photos.length) {
      if (hasNext && photos.length) navigate(link({ after: photos[photos.length - 1].id, before: undefined, from: undefined }));
      else setIndex(photos.length);
      return;
    }
    setIndex(to);
    setDraft(initialDraft(photos[to]));
    setTagIds(photos[to].tagIds);
    setProblem(undefined);
  };

  const save = () => {
    if (!photo) return;
    let bibs: number[];
    try {
      bibs = parseBibList(draft);
    } catch {
      setProblem(t.badBibs);
      return;
    }
    const id = photo.id;
    setPhotos((list) => list.map((p) => (p.id === id ? { ...p, bibs, tagIds, suggestions: [], auto: [] } : p)));
    setStates((s) => ({ ...s, [id]: "saving" }));
    setLastSaved({ id, frame: photo.frame });
    postAdminJson<{ tagged: number; untagged: number }>(`/admin/api/photos/${id}/tags?lang=${lang}`, { bibs, tagIds }, csrfToken)
      .then((counts) => {
        if (!counts) throw new Error("HTTP 200 without counts");
        setCounts({ tagged: counts.tagged, untagged: counts.untagged });
        setStates((s) => ({ ...s, [id]: "saved" }));
      })
      .catch((error: Error) => setStates((s) => ({ ...s, [id]: { error: error.message } })));
    go(index + 1);
  };

  /** Takes an automatic tag off this photo for good; the field forgets the number too. */
  const undoAuto = (bib: number) => {
    if (!photo) return;
    const id = photo.id;
    const drop = (p: TaggingPhoto) => ({ ...p, bibs: p.bibs.filter((b) => b !== bib), auto: p.auto.filter((a) => a.bib !== bib) });
    setPhotos((list) => list.map((p) => (p.id === id ? drop(p) : p)));
    setDraft((text) =>
      text
        .split(/\s+/)
        .filter((b) => b && b !== String(bib))
        .join(" "),
    );
    setStates((s) => ({ ...s, [id]: "saving" }));
    setLastSaved({ id, frame: photo.frame });
    postAdminJson(`/admin/api/bibs?lang=${lang}`, { action: "undoAuto", photoId: id, bib }, csrfToken)
      .then(() => setStates((s) => ({ ...s, [id]: "saved" })))
      .catch((error: Error) => setStates((s) => ({ ...s, [id]: { error: error.message } })));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value.trim() === "";
    if ((event.key === "ArrowRight" && (empty || event.altKey)) || event.key === "PageDown") {
      event.preventDefault();
      go(index + 1);
    } else if ((event.key === "ArrowLeft" && (empty || event.altKey)) || event.key === "PageUp") {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(initialDraft(photo));
      setTagIds(photo?.tagIds ?? []);
      setProblem(undefined);
    } else if (event.altKey && (event.key === "u" || event.key === "U") && photo?.auto.length) {
      // Alt+U takes off the photo's least certain automatic tag.
      event.preventDefault();
      undoAuto([...photo.auto].sort((a, b) => a.confidence - b.confidence)[0].bib);
    } else if (event.altKey && /^[1-9]$/.test(event.key)) {
      const tag = race.tags[Number(event.key) - 1];
      if (tag) {
        event.preventDefault();
        setTagIds((ids) => (ids.includes(tag.id) ? ids.filter((i) => i !== tag.id) : [...ids, tag.id]));
      }
    }
  };

  let typed: number[] = [];
  try {
    typed = parseBibList(draft);
  } catch {}
  /** Typed numbers outside the race's known bib ranges, to warn about. */
  const outside = ranges.length ? typed.filter((b) => !inRanges(b, ranges)) : [];
  const state = lastSaved ? states[lastSaved.id] : undefined;

  return {
    photos,
    index,
    photo,
    draft,
    tagIds,
    problem,
    states,
    lastSaved,
    state,
    counts,
    outside,
    input,
    go,
    save,
    undoAuto,
    onKeyDown,
    /** The bib field's text, typed. */
    type: (text: string) => {
      setDraft(text);
      setProblem(undefined);
    },
    toggleTag: (id: number) => setTagIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
  };
}
