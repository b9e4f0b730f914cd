import type { App } from 'antd';

export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;

/**
 * Code outside React (the HTTP client) shows toasts through the antd App context
 * registered here, so they follow the theme and locale of the ConfigProvider.
 */
export function setFeedback(feedback: Feedback | null): void {
  current = feedback;
}

export function getFeedback(): Feedback | null {
  return current;
}
