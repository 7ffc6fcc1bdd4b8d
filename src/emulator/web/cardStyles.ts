/**
 * The web chat's styles for card messages (N3: richMessage.template and
 * richMessage.authentication, drawn by browser/chatCards.ts), served after the page's own
 * (webStyles.ts) in the same stylesheet. The same rules hold: WCAG AA colours from the page's
 * variables, 44 px touch targets, a 360 px wide phone. A carousel scrolls sideways; every card
 * keeps all of its buttons visible, wrapping them rather than hiding any. The list is positioned
 * so the visually hidden texts of its links stay inside it, not beyond the page.
 */
export const CARD_STYLES = `
.template { list-style: none; margin: 0; padding: 0; display: flex; gap: .75rem; width: 100%; position: relative; }
.template-list { flex-direction: column; }
.template-carousel { overflow-x: auto; padding-bottom: .4rem; scroll-snap-type: x proximity; }
.template-card { display: flex; flex-direction: column; gap: .35rem; flex: none; width: min(18rem, 100%); padding: .75rem .9rem; background: var(--surface); border: 1px solid var(--line); border-top: 4px solid var(--primary); border-radius: .75rem; scroll-snap-align: start; }
.template-list .template-card { width: min(24rem, 100%); }
.template-card img { width: 100%; max-height: 10rem; object-fit: cover; border-radius: .5rem; }
.template-card .card-title { margin: 0; font-size: 1rem; font-weight: 700; color: var(--text); }
.card-subtitle { margin: 0; color: var(--muted); font-weight: 600; font-size: .9375rem; }
.card-text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.card-media { display: flex; flex-direction: column; gap: .2rem; }
.card-media video, .card-media audio { width: 100%; border-radius: .5rem; }
.card-media-link { font-size: .875rem; overflow-wrap: anywhere; }
.card-buttons { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .2rem; }
a.card-button, span.card-button { display: inline-flex; align-items: center; min-height: 2.75rem; padding: .45rem 1rem; border: 2px solid var(--primary); border-radius: .5rem; color: var(--primary); font-weight: 600; text-decoration: none; background: var(--surface); }
a.card-button:hover { background: #e8f0fa; }
span.card-button-dead { color: var(--muted); border-color: var(--field); }
button.choice.card-button { border-radius: .5rem; }
.sign-in .card-button { align-self: flex-start; background: var(--primary); color: #fff; }
.sign-in .card-button:hover { background: var(--primary-dark); }
`;
