// The TRAINING banner and the patient bar both stay at the top while a screen scrolls, one under the other. Each
// publishes its height (which changes when its words wrap on a narrow window or in Hindi) as a CSS variable on the
// page, so the bar sits right under the banner and a field that focus scrolls to stops below both (styles.css).
import type { Attachment } from 'svelte/attachments';

export function stickyHeight(variable: string): Attachment<HTMLElement> {
  return (element) => {
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  };
}
