import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { isTrialStatus, type PublicUser } from '@core/contracts/user';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { Icon, type IconName } from '../../ui/Icon';
import { useLogout } from '../session/useLogout';
import { hasSubscription, initialsOf, nameOf } from './userDisplay';

interface UserMenuProps {
  user: PublicUser;
}

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-slate-200 dark:hover:bg-slate-800';

function menuNavLinkClasses({ isActive }: { isActive: boolean }): string {
  return cn(itemClasses, isActive && 'bg-blue-50 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300');
}

/** The account menu: who is signed in, trial state, and account links (a disclosure, not an ARIA menu). */
export function UserMenu({ user }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logout = useLogout();

  const isAdmin = user.role === 'admin';
  const isTrialing = isTrialStatus(user.subscriptionStatus);
  const trialEnds = formatDate(user.trialEndDate);
  // Cancelled at period end: access is kept until then.
  const cancelsOn =
    user.cancelAtPeriodEnd && hasSubscription(user) ? (formatDate(user.currentPeriodEnd) ?? trialEnds) : null;
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const mobileLinks: Array<{ to: string; label: string; icon: IconName }> = [
    { to: '/dashboard', label: 'Dashboard', icon: 'layoutDashboard' },
    { to: '/alerts', label: 'Alerts', icon: 'bell' },
    ...(isAdmin ? [{ to: '/admin', label: 'Admin Panel', icon: 'shield' as const }] : []),
  ];

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:hover:bg-slate-800"
      >
        {/* The button's name is "User menu"; the initials are decoration beside it. */}
        <span className="sr-only">User menu</span>
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold text-white"
        >
          {initialsOf(user)}
        </span>
        <Icon name="chevronDown" className="h-4 w-4 text-slate-500" />
      </button>

      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="px-3 py-2">
            {/* The name when there is one; otherwise the e-mail stands alone (shown once), with @username when set. */}
            <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
              {nameOf(user) ?? user.email}
            </p>
            {user.username && <p className="truncate text-sm text-slate-500 dark:text-slate-400">@{user.username}</p>}
            {nameOf(user) && <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>}
            {(isAdmin || isTrialing) && (
              <div className="mt-2 flex flex-wrap gap-1.5">
                {isAdmin && <Badge>Admin</Badge>}
                {isTrialing && <Badge variant="secondary">Free Trial</Badge>}
              </div>
            )}
          </div>

          {isTrialing && (
            <div className="mx-1 my-1 rounded-md bg-blue-50 px-3 py-2 text-sm dark:bg-blue-500/10">
              <p className="font-medium text-blue-800 dark:text-blue-300">Free Trial Active</p>
              {trialEnds && <p className="text-blue-700 dark:text-blue-400">Ends {trialEnds}</p>}
            </div>
          )}
          {cancelsOn && (
            <p className="mx-1 my-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
              Subscription cancelled: access until {cancelsOn}
            </p>
          )}

          <div className="md:hidden">
            <hr className="my-1 border-slate-200 dark:border-slate-700" />
            {mobileLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={menuNavLinkClasses} onClick={close}>
                <Icon name={link.icon} />
                {link.label}
              </NavLink>
            ))}
          </div>

          <hr className="my-1 border-slate-200 dark:border-slate-700" />
          <Link to="/settings" className={itemClasses} onClick={close}>
            <Icon name="settings" />
            Settings
          </Link>
          <Link to="/subscribe" className={itemClasses} onClick={close}>
            <Icon name="creditCard" />
            {hasSubscription(user) ? 'Manage Subscription' : 'Upgrade to Pro'}
          </Link>
          <hr className="my-1 border-slate-200 dark:border-slate-700" />
          <button
            type="button"
            className={itemClasses}
            disabled={logout.isPending}
            onClick={() => {
              close();
              logout.mutate();
            }}
          >
            <Icon name="logOut" />
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
