import { useEffect, useRef, useState } from "react";

export type UploadOutcome<T> = { ok: true; body: T } | { ok: false; error: string };

function errorFrom(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") return body.error;
    if (typeof body.message === "string") return body.message;
  } catch {
    // Not JSON (a proxy's error page): fall through to a plain message.
  }
  return xhr.status === 0 ? "The upload did not reach the server. Please check your connection and try again." : "Please try again.";
}

/**
 * Sends a file as the request body with XMLHttpRequest, so the progress is real
 * (fetch cannot report upload progress). `progress` is null when idle, else 0-100;
 * `onBusyChange` lets a form hold its submit button meanwhile. Leaving the page
 * mid-upload cancels it.
 */
export function useFileUpload(onBusyChange?: (busy: boolean) => void) {
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const busyRef = useRef(onBusyChange);
  useEffect(() => {
    busyRef.current = onBusyChange;
  });
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (xhrRef.current) {
        xhrRef.current.abort();
        xhrRef.current = null;
        busyRef.current?.(false);
      }
    },
    [],
  );

  /** POSTs `file` to `url`; resolves with the 201 answer's JSON or the server's message. */
  function upload<T>(url: string, file: File, contentType: string): Promise<UploadOutcome<T>> {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhrRef.current = xhr;
      const settle = (outcome: UploadOutcome<T>) => {
        xhrRef.current = null;
        setProgress(null);
        busyRef.current?.(false);
        resolve(outcome);
      };
      xhr.open("POST", url);
      xhr.setRequestHeader("Content-Type", contentType);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) setProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        if (xhr.status !== 201) return settle({ ok: false, error: errorFrom(xhr) });
        try {
          settle({ ok: true, body: JSON.parse(xhr.responseText) as T });
        } catch {
          settle({ ok: false, error: "Please try again." });
        }
      };
      xhr.onerror = () => settle({ ok: false, error: errorFrom(xhr) });
      // Aborted on unmount: nobody is waiting for the answer any more.
      xhr.onabort = () => {
        xhrRef.current = null;
      };
      setProgress(0);
      busyRef.current?.(true);
      xhr.send(file);
    });
  }

  return { progress, uploading: progress !== null, upload };
}
