// Chat (spec: "chat" screen): my conversations, and the open one with its messages, the composer and
// block/unblock. Works as plain pages and forms; with JavaScript it is live.
import { Link, useActionData } from "react-router";
import { Form, SubmitButton } from "~/components/submit-form";
import type { Route } from "./+types/user-chat";
import { api, apiData } from "~/lib/api.server";
import { getI18n, getLocale } from "~/lib/i18n.server";
import { pageMeta, rootData } from "~/lib/seo";
import { useTranslation } from "~/lib/translate";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { privateHeaders } from "~/modules/listings/owner.server";
import { chatAction } from "~/modules/chat/chat.server";
import { Composer, ConversationList, MessageBubble, useChatLive } from "~/modules/chat/ui";
import { DELETED_ACCOUNT_NAME } from "~server/api/users/leave-schema";
import { signedInStart } from "~/lib/route.server";
import { ReportPersonLink } from "~/modules/reports/report-person-link";

const PER_PAGE = 30;

function positive(value: string | null) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await signedInStart({ request, context });
  const url = new URL(request.url);
  const userId = positive(url.searchParams.get("user_id"));
  const propertyId = positive(url.searchParams.get("property_id"));
  const page = positive(url.searchParams.get("page")) ?? 1;
  const opts = { request, locale };
  // The open conversation first: reading it marks messages read, which the list then reflects.
  const open =
    userId && propertyId
      ? await api(
          "get_messages",
          { user_id: userId, property_id: propertyId, page, per_page: PER_PAGE },
          opts,
        )
      : null;
  const [chats, me] = await Promise.all([
    apiData("get_chats", { offset: 0, limit: 50 }, opts),
    apiData("get-profile", {}, opts),
  ]);
  const { t } = getI18n(context);
  // Someone who deleted their account is named in the reader's language (decision 022).
  const shown = (name: string) => (name === DELETED_ACCOUNT_NAME ? t(DELETED_ACCOUNT_NAME) : name);
  return {
    title: t("Messages"),
    me: me.data.id,
    chats: chats.data.chats.map((c) => ({ ...c, name: shown(c.name) })),
    unread: chats.data.unread,
    conversation:
      open && !open.error
        ? {
            ...open.data,
            other: { ...open.data.other, name: shown(open.data.other.name) },
            total: open.total ?? 0,
            page,
          }
        : null,
    unavailable: open?.error ? open.message : null,
    lastEventId: open && !open.error ? open.data.last_event_id : 0,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return chatAction(request, getLocale(context));
}

export const headers = privateHeaders;
// Live from the start: the stream opens as soon as the page does.
export const handle = { hydrateNow: () => true };

export function meta({ data, matches, location }: Route.MetaArgs) {
  return pageMeta(rootData(matches), location, { title: data?.title ?? "Messages", noindex: true });
}

export default function Chat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const { chats, conversation: c, me, unavailable } = loaderData;
  useChatLive(loaderData.lastEventId);
  const open = c ? { user_id: c.other.id, property_id: c.property.id } : null;
  const older = c && c.page * PER_PAGE < c.total ? c.page + 1 : null;
  return (
    <section className={`owner-page chat${c || unavailable ? " chat--open" : ""}`}>
      <Breadcrumbs trail={[["/user/dashboard", t("Dashboard")]]} current={t("Messages")} />
      <h1>{t("Messages")}</h1>
      <div className="chat__layout">
        <nav className="chat__list" aria-label={t("Conversations")}>
          <ConversationList chats={chats} current={open} />
        </nav>
        <div className="chat__pane">
          {unavailable ? <p className="empty-state">{t(unavailable)}</p> : null}
          {c ? (
            <article className="conversation" aria-labelledby="conversation-h">
              <header className="conversation__head">
                <Link className="conversation__back" to="/user/chat">
                  {t("All conversations")}
                </Link>
                <h2 id="conversation-h" dir="auto">
                  {c.other.name}
                </h2>
                <p className="conversation__about">
                  {t("About")}{" "}
                  <Link
                    to={
                      c.property.is_mine
                        ? `/my-property/${c.property.slug_id}`
                        : `/properties-details/${c.property.slug_id}`
                    }
                    dir="auto"
                  >
                    {c.property.title}
                  </Link>
                </p>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="receiver_id" value={c.other.id} />
                  <input type="hidden" name="property_id" value={c.property.id} />
                  <input type="hidden" name="intent" value={c.blocked_by_me ? "unblock" : "block"} />
                  <SubmitButton className="button button--ghost button--small">
                    {c.blocked_by_me ? t("Unblock") : t("Block")}
                    <span className="visually-hidden"> {c.other.name}</span>
                  </SubmitButton>
                </Form>
                {/* Someone who left or was switched off can no longer be reported (the team has acted). */}
                {c.other.is_active ? (
                  <ReportPersonLink
                    userId={c.other.id}
                    name={c.other.name}
                    back={`/user/chat?user_id=${c.other.id}&property_id=${c.property.id}`}
                  />
                ) : null}
              </header>
              {/* Reversed flex: the newest message sits at the bottom, in view, even without JavaScript. */}
              <div
                className="conversation__scroll"
                tabIndex={0}
                aria-label={t("Messages with {{name}}", { name: c.other.name })}
              >
                <div>
                  {older ? (
                    <p className="conversation__older">
                      <Link
                        to={`/user/chat?user_id=${c.other.id}&property_id=${c.property.id}&page=${older}`}
                      >
                        {t("Older messages")}
                      </Link>
                    </p>
                  ) : null}
                  {c.messages.length ? (
                    <ol className="conversation__messages">
                      {[...c.messages].reverse().map((m) => (
                        <MessageBubble
                          key={m.message_id}
                          m={m}
                          mine={m.sender_id === me}
                          hidden={{ receiver_id: c.other.id, property_id: c.property.id }}
                        />
                      ))}
                    </ol>
                  ) : (
                    <p className="conversation__empty">
                      {t("Ask {{name}} about this property.", { name: c.other.name })}
                    </p>
                  )}
                  <span id="latest" />
                </div>
              </div>
              {c.page > 1 ? (
                <p className="conversation__older">
                  <Link to={`/user/chat?user_id=${c.other.id}&property_id=${c.property.id}`}>
                    {t("Newest messages")}
                  </Link>
                </p>
              ) : null}
              {c.blocked_by_me ? (
                <p className="notice" role="status">
                  {t("You have blocked this person. Unblock them to send messages.")}
                </p>
              ) : c.blocked_me ? (
                <p className="notice" role="status">
                  {t("You cannot send messages to this person.")}
                </p>
              ) : !c.other.is_active ? (
                <p className="notice" role="status">
                  {t("This person can no longer receive messages")}
                </p>
              ) : (
                <Composer receiverId={c.other.id} propertyId={c.property.id} result={result} />
              )}
            </article>
          ) : !unavailable ? (
            <p className="chat__hint">{t("Choose a conversation.")}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
