// A part of the site (a page's code, a lesson, a scenario file) that could not be fetched:
// offline without the offline copy, or a tab left open while the site was updated (its
// files were replaced). Said in words, with the one thing that helps: reloading.

/** True for the errors browsers give when a lazily imported module cannot be fetched. */
export function isDownloadError(e: unknown): boolean {
  const m = e instanceof Error ? e.message : String(e);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk|Failed to fetch/i.test(m);
}

export const DOWNLOAD_FAILED = 'could not be downloaded: you may be offline, or the site was updated since this page opened.';

/** The notice, naming what failed ("This page", "The lesson …"). */
export function DownloadFailed({ what }: { what: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <strong>
        {what} {DOWNLOAD_FAILED}
      </strong>{' '}
      <button type="button" onClick={() => location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
