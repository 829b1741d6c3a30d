// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@core/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockApi, textResponse, type Handler } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

/** The server session: a successful login signs the browser in (sign-up does not: its e-mailed link does). */
const session: { user: PublicUser | null } = { user: null };

/** Sign-up's one answer, for a new and a taken address alike; it signs nobody in. */
const accepted =
  (email = 'jane@example.com'): Handler =>
  () =>
    jsonResponse(
      {
        message: `Check your e-mail to continue: we sent a message to ${email}. Open the link in it to finish creating your account and sign in.`,
        email,
      },
      202,
    );

function setUp(routes: Record<string, Handler> = {}, config = paymentsOffConfig) {
  session.user = null;
  const requests = mockApi({
    'GET /api/user': () =>
      session.user ? jsonResponse(session.user) : textResponse('Unauthorized', 401, 'Unauthorized'),
    'GET /api/config': config,
    'POST /api/init-data': { ok: true },
    ...routes,
  });
  return { requests, ...renderRoute('/auth') };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Fills Account Info with a good e-mail and password and the given username, and presses Continue. */
async function fillSignUp(username: string): Promise<HTMLElement> {
  const button = await continueButton();
  type('Email', 'jane@example.com');
  type('Username (optional)', username);
  type('Password', 'secret123');
  type('Confirm password', 'secret123');
  await act(async () => fireEvent.click(button));
  return button;
}

async function continueButton() {
  // "Continue to Payment" when a card step follows (payments on), "Create Account" when it does not.
  const button = await screen.findByRole('button', { name: /^(Continue to Payment|Create Account)$/ });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}

const paymentsOn = { ...paymentsOffConfig, paymentsEnabled: true, stripePublishableKey: 'pk_test_x' };

describe('Sign Up, Account Info', () => {
  it('with payments off: two steps (no Payment), the 7-day trial without a card, and "Create Account"', async () => {
    setUp();
    expect((await continueButton()).textContent).toBe('Create Account');
    const progress = screen.getByRole('list', { name: 'Sign-up progress' });
    expect(progress.textContent).toContain('Account Info');
    expect(progress.textContent).not.toContain('Payment');
    expect(progress.textContent).toContain('Check E-mail');
    expect(document.body.textContent).toContain('7-day free trial');
    expect(document.body.textContent).toContain('No credit card needed');
    expect(document.body.textContent).not.toMatch(/14-day|No charge today/);
  });

  it('with payments on: three steps, the 14-day trial with a card, and "Continue to Payment"', async () => {
    setUp({}, paymentsOn);
    expect((await continueButton()).textContent).toBe('Continue to Payment');
    const progress = screen.getByRole('list', { name: 'Sign-up progress' });
    expect(progress.textContent).toContain('Payment');
    expect(document.body.textContent).toContain('14-day free trial');
    expect(screen.getByText(/No charge today/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('7-day');
  });

  it('checks the optional username and sends it', async () => {
    const { requests } = setUp({ 'POST /api/register': accepted() });
    const button = await fillSignUp('jane doe');
    expect(screen.getByText('Username must be 3-30 letters, numbers or underscores')).toBeTruthy();
    type('Username (optional)', 'jane_doe');
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'Check your e-mail to continue' });
    expect(requests.find((r) => r.url === '/api/register')?.body).toMatchObject({ username: 'jane_doe' });
    // The stepper ticks only the steps that happened.
    expect(screen.getByRole('list', { name: 'Sign-up progress' }).textContent).toBe('Account Info (done)2Check E-mail');
    expect(document.body.textContent).toContain('your 7-day free trial starts');
  });

  it('shows a taken username (409 naming the field) under the username', async () => {
    setUp({
      'POST /api/register': jsonResponse({ message: 'This username is already taken', field: 'username' }, 409),
    });
    await fillSignUp('jane_doe');
    const username = screen.getByLabelText('Username (optional)');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(username.getAttribute('aria-describedby')).toContain(
      screen.getAllByText('This username is already taken').find((el) => el.id)?.id,
    );
  });

  it('shows the exact validation messages for empty and short input', async () => {
    setUp();
    const button = await continueButton();
    await act(async () => fireEvent.click(button));

    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
  });

  it('says "Passwords don\'t match" under the confirmation', async () => {
    setUp();
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret124');
    await act(async () => fireEvent.click(button));

    const message = screen.getByText("Passwords don't match");
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Invalid email address')).toBeNull();
  });

  it('with payments off, registers directly and asks to open the e-mail; nobody is signed in and the page stays', async () => {
    const { requests, router, queryClient } = setUp({ 'POST /api/register': accepted() });
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Check your e-mail to continue' })).toBeTruthy();
    expect(screen.getByText('We sent a message to', { exact: false }).textContent).toBe(
      'We sent a message to jane@example.com.',
    );
    expect(screen.getByText('What happens next')).toBeTruthy();
    // Said for both cases, since the answer cannot say which one it was.
    expect(
      screen.getByText(/Open the link in the e-mail to finish creating your account: it signs you in/),
    ).toBeTruthy();
    expect(
      screen.getByText(/If this address already has a StockPulse account, the e-mail says how to sign in/),
    ).toBeTruthy();
    const register = requests.find((r) => r.url === '/api/register');
    expect(register?.body).toEqual({ email: 'jane@example.com', password: 'secret123', confirmPassword: 'secret123' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Check your e-mail',
      description: 'Open the link we sent you to finish creating your account.',
    });
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY) ?? null).toBeNull();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('a failed registration toasts "Account Creation Failed" with the server message', async () => {
    setUp({ 'POST /api/register': textResponse('{"message":"Email already registered"}', 409, 'Conflict') });
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(button);

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Account Creation Failed',
        description: 'Email already registered',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  const setupIntent = { clientSecret: 'seti_123_secret_abc', customerId: 'cus_123' };

  it('with payments on, creates a setup intent and moves to the Payment step without registering; Back clears the setup', async () => {
    const { requests } = setUp({ 'POST /api/create-setup-intent': setupIntent }, paymentsOn);
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/create-setup-intent')?.body).toEqual({ email: 'jane@example.com' });
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/register' || r.url === '/api/register-with-trial')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com');
    // The client secret and customer id were dropped: continuing asks the server again.
    fireEvent.click(await continueButton());
    await screen.findByRole('heading', { name: 'Payment' });
    expect(requests.filter((r) => r.url === '/api/create-setup-intent')).toHaveLength(2);
  });

  it('stays on step 1 with the "Setup Error" toast when the setup intent fails or is incomplete', async () => {
    setUp({ 'POST /api/create-setup-intent': jsonResponse({ message: 'Stripe is down' }, 502) }, paymentsOn);
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(button);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Setup Error',
        description: 'Stripe is down',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    cleanup();
    resetToasts();

    setUp({ 'POST /api/create-setup-intent': { clientSecret: 'seti_1_secret_x' } }, paymentsOn);
    const again = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(again);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Setup Error', description: 'Failed to create payment setup' }),
    );
  });

  it('switching to Login resets sign-up to step 1 and clears the entered data', async () => {
    setUp({ 'POST /api/create-setup-intent': setupIntent }, paymentsOn);
    const button = await continueButton();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'Payment' });

    fireEvent.click(screen.getByRole('tab', { name: 'Login' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));

    await continueButton();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});

describe('Login', () => {
  async function openLogin() {
    fireEvent.click(await screen.findByRole('tab', { name: 'Login' }));
  }

  it('validates e-mail and password', async () => {
    setUp();
    await openLogin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('reads "Signing in..." while pending, then caches the user and goes to /dashboard', async () => {
    const user = makeUser();
    let answer: (response: Response) => void = () => undefined;
    const { requests, router, queryClient } = setUp({
      'POST /api/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openLogin();
    type('Email', 'jane@example.com');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    const login = requests.find((r) => r.url === '/api/login');
    expect(login?.body).toEqual({ email: 'jane@example.com', password: 'secret123' });
    expect(login?.init?.credentials).toBe('include');

    await act(async () => {
      session.user = user;
      answer(jsonResponse(user));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toMatchObject({ id: user.id });
    expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Successfully logged in!' });
  });

  it('toasts "Login failed" with the server message', async () => {
    const { router } = setUp({
      'POST /api/login': textResponse('{"message":"Invalid email or password"}', 401, 'Unauthorized'),
    });
    await openLogin();
    type('Email', 'jane@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Login failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      }),
    );
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('"Sign In" links open the Login tab', async () => {
    mockApi({ 'GET /api/user': textResponse('', 401, 'Unauthorized'), 'GET /api/config': paymentsOffConfig });
    renderRoute('/auth', { tab: 'login' });
    const tab = await screen.findByRole('tab', { name: 'Login' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });
});
