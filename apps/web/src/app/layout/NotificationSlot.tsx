/**
 * Where the notification dot of the top bar goes (spec §2). Notifications do not exist yet, so it renders
 * nothing; the notifications feature will render its indicator here.
 */
export function NotificationSlot(_: { workspace: string | null }) {
  return null;
}
