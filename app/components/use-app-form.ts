import { useForm } from "@conform-to/react";

/**
 * conform's useForm, for every form of the app. conform re-renders the
 * hook's component only for the state a render read, and resets that list
 * each time the component renders; when React calls the component and then
 * skips its children (an update that changed nothing), what the field
 * components below read is forgotten, and a submit the browser-side check
 * refuses shows no message (the sign-in and new-user forms did this with
 * JavaScript on). Reading every error here keeps the form re-rendering on
 * any error change, whichever component shows it.
 */
export const useAppForm: typeof useForm = (options) => {
  const [form, fields] = useForm(options);
  void form.allErrors;
  return [form, fields];
};
