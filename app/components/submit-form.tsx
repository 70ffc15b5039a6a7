// Forms that show they are working and cannot be sent twice. Every form that posts uses this `Form`
// in place of React Router's (same props, plus `fetcher` to send through one), with `SubmitButton`s:
// from the moment it is sent until its answer is on the page (the action, then the page's data),
// the form is aria-busy, its buttons refuse a second press (aria-disabled, so the pressed one keeps
// the focus) and the pressed one says what is happening ("Sending…") with a spinner. A second
// press, or Enter in a field, sends nothing meanwhile.
// Without JavaScript the browser posts the form itself and nothing here runs: the server is what
// keeps a second post from doing something twice (decision 046).
import {
  createContext,
  forwardRef,
  useContext,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { Form as RouterForm, useSubmit, type FetcherWithComponents, type SubmitOptions } from "react-router";
import "~/styles/feedback.css";

/** The form being sent and the button that sent it (null: sent without one, e.g. by Enter). */
type Sending = { submitter: HTMLElement | null } | null;

const SendingContext = createContext<Sending>(null);

export type FormProps = ComponentProps<typeof RouterForm> & {
  /** Send through this fetcher: the page stays where it is. */
  fetcher?: Pick<FetcherWithComponents<unknown>, "Form" | "submit">;
};

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(
  { fetcher, onSubmit, children, ...props },
  ref,
) {
  const submit = useSubmit();
  const [sending, setSending] = useState<Sending>(null);
  // Read synchronously: a double click sends its second submit before React has drawn the first.
  const inFlight = useRef(false);

  function handle(event: FormEvent<HTMLFormElement>) {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    onSubmit?.(event);
    // Refused by the checks in the browser, or sent another way by the page (an upload with a
    // progress bar): not this form's to send.
    if (event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    inFlight.current = true;
    setSending({ submitter: submitter instanceof HTMLElement ? submitter : null });
    // A document post: the browser sends it and the next page replaces this one.
    if (props.reloadDocument) return;
    // Sent here rather than by React Router's own handler (which sees the event as handled), to
    // know when it is over: the promise settles once the answer is shown, or the visit was left.
    event.preventDefault();
    const method = (submitter?.getAttribute("formmethod") ??
      props.method ??
      "get") as SubmitOptions["method"];
    const options = {
      method,
      replace: props.replace,
      state: props.state,
      preventScrollReset: props.preventScrollReset,
      viewTransition: props.viewTransition,
      defaultShouldRevalidate: props.defaultShouldRevalidate,
    };
    // The pressed button's name and value go with the form, as a browser sends them.
    const target = (submitter as HTMLButtonElement | HTMLInputElement | null) ?? event.currentTarget;
    const sent = fetcher
      ? fetcher.submit(target, options)
      : submit(target, { ...options, navigate: props.navigate, fetcherKey: props.fetcherKey });
    void Promise.resolve(sent).finally(() => {
      inFlight.current = false;
      setSending(null);
    });
  }

  const Tag = fetcher ? fetcher.Form : RouterForm;
  return (
    <SendingContext.Provider value={sending}>
      <Tag ref={ref} {...props} onSubmit={handle} aria-busy={sending ? true : undefined}>
        {children}
      </Tag>
    </SendingContext.Provider>
  );
});

export type SubmitButtonProps = Omit<ComponentProps<"button">, "type"> & {
  /** What the pressed button says while its form is sent ("Sending…"); its own words otherwise. */
  pendingLabel?: ReactNode;
  /** Working for a reason of the page's own (an upload it sends itself, a sign-in under way). */
  pending?: boolean;
};

/** A form's submit button that shows the form is being sent and refuses a second press. */
export function SubmitButton({
  children,
  pendingLabel,
  pending,
  className = "button",
  onClick,
  ...props
}: SubmitButtonProps) {
  const sending = useContext(SendingContext);
  const self = useRef<HTMLButtonElement>(null);
  const busy = Boolean(pending) || sending !== null;
  const pressed =
    Boolean(pending) || (sending !== null && (sending.submitter ?? self.current) === self.current);
  return (
    <button
      ref={self}
      type="submit"
      {...props}
      className={className}
      aria-disabled={busy || props.disabled ? true : undefined}
      data-pending={pressed || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        // A press (or Enter in a field, which presses the form's first button) while it is sent.
        if (busy) e.preventDefault();
        onClick?.(e);
      }}
    >
      {pressed ? (
        <>
          <span className="submit-button__spinner" aria-hidden="true" />
          {pendingLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
