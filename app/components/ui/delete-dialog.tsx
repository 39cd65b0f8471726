import { Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

interface DeleteDialogProps {
  open: boolean;
  onClose: () => void;
  /** What is deleted, as the heading names it: "article", "exercise". */
  thing: string;
  /** Its name, quoted in the question. */
  name: string;
  /** Hidden fields posted with it (which one to delete, when the page lists several). */
  fields?: Record<string, string>;
}

/**
 * 'Delete this …?': a modal dialog whose Delete posts `intent=delete` to the page's action.
 * Cancel comes first and so has the focus (the safe choice); Escape closes it too.
 */
export function DeleteDialog({ open, onClose, thing, name, fields = {} }: DeleteDialogProps) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <ConfirmDialog open={open} onClose={onClose} title={`Delete this ${thing}?`} text={<>Are you sure you want to delete “{name}”? This cannot be undone.</>}>
      <Form method="post" className="flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        {Object.entries(fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={deleting} busyText="Deleting...">
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
