import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ThemeToggle } from '../../../app/theme/ThemeToggle';
import { usePageMeta } from '../../../app/usePageMeta';
import { Card } from '../../../ui/Card';
import { Logo } from '../../../ui/Logo';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { AuthMarketingPanel } from './AuthMarketingPanel';
import { LoginForm } from './LoginForm';
import { SignUpFlow } from './SignUpFlow';

type AuthTab = 'signup' | 'login';

const authTabs: ReadonlyArray<TabItem<AuthTab>> = [
  { value: 'signup', label: 'Sign Up' },
  { value: 'login', label: 'Login' },
];

/** "Sign In" links open the Login tab by passing router state { tab: 'login' }; the URL stays /auth. */
function initialTabOf(state: unknown): AuthTab {
  return state && typeof state === 'object' && 'tab' in state && state.tab === 'login' ? 'login' : 'signup';
}

export function AuthPage() {
  usePageMeta('Sign Up or Sign In - StockPulse');
  const location = useLocation();
  const [tab, setTab] = useState<AuthTab>(() => initialTabOf(location.state));

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-12">
        <Card className="p-6 sm:p-8">
          <h1 className="sr-only">Sign up or log in to StockPulse</h1>
          <Tabs label="Account" tabs={authTabs} value={tab} onValueChange={setTab}>
            {tab === 'signup' ? <SignUpFlow /> : <LoginForm />}
          </Tabs>
        </Card>
        <AuthMarketingPanel />
      </main>
    </div>
  );
}
