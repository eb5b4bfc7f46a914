import type zh from '../zh-CN/auth.ts';

const auth: typeof zh = {
  login: {
    personalTitle: 'Personal / enterprise login',
    personalHint: 'For individual and enterprise users',
    institutionTitle: 'Institution login',
    institutionHint: 'For the platform operator, government departments, banks and guarantee institutions',
    subtitle: 'Unified sign-on',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    accountRequired: 'Please enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    passwordRequired: 'Please enter your password',
    captcha: 'Captcha',
    captchaPlaceholder: 'Enter the characters in the picture',
    captchaRequired: 'Please enter the captcha',
    captchaImageAlt: 'Captcha picture',
    captchaRefresh: 'Hard to read? Click the picture for a new one',
    captchaLoadFailed: 'The captcha did not load; click to retry',
    submit: 'Log in',
    toInstitution: 'Institution login',
    toPersonal: 'Personal / enterprise login',
    checkingSession: 'Checking your login status…',
    redirecting: 'Logged in, redirecting…',
    failed: 'Login failed, please retry',
    redirectNotAllowedTitle: 'Login is not possible from here',
    redirectNotAllowedDescription:
      'The address to return to after login is not allowed by the platform. Please start again from the home page.',
    pageInfoFailedTitle: 'The login page did not load',
    pageInfoFailedDescription: 'The sign-on service cannot be reached. Check your network and reload the page.',
    footer: 'Demonstration City Inclusive Finance Service Hall · Unified sign-on',
  },
  errors: {
    LOGIN_FAILED: 'Incorrect account or password',
    LOGIN_LOCKED: 'Too many failed logins, please try again in 15 minutes',
    CAPTCHA_REQUIRED: 'Please enter the captcha',
    CAPTCHA_INVALID: 'The captcha is wrong or has expired',
    REDIRECT_NOT_ALLOWED: 'This login return address is not allowed',
    RATE_LIMITED: 'Too many attempts, please try again later',
  },
  loginButton: {
    login: 'Log in',
    logout: 'Log out',
    center: 'Go to my workspace',
  },
};

export default auth;
