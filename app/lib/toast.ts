/** A toast as the spec writes it: a title and an optional description. */
export interface Toast {
  type: "success" | "error";
  title: string;
  description?: string;
}
