/** A refused upload: the HTTP status to answer and a message for the person uploading. */
export class UploadError extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}
