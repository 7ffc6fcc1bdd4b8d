/**
 * The stylesheet of the chat and inspector pages (served as /emulator/web/webchat.css).
 * Colours are chosen for WCAG AA: body text at least 7:1, small coloured labels at least
 * 4.5:1, control borders and the focus ring at least 3:1 against what surrounds them. Touch
 * targets are 44 px high (40 px on a phone, still well above WCAG's 24 px), and the chat fits a
 * 360 x 740 phone: only the message log scrolls, and the header, the conversation's bar and the
 * composer together stay under a fifth of the height (U4).
 */
export const WEB_STYLES = `
:root {
  --bg: #f4f6f8; --surface: #ffffff; --text: #16202a; --muted: #4a5563;
  --line: #d5dae1; --field: #6b7583; --primary: #0a58a8; --primary-dark: #083f7a;
  --focus: #b45309; --error: #a11b1b; --topbar: #10253f;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  font-size: 16px; color: var(--text); background: var(--bg);
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; line-height: 1.45; }
h1, h2 { line-height: 1.2; }
a { color: var(--primary); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.error { color: var(--error); font-weight: 600; }
code { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .875em; }

.topbar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1rem; padding: .6rem 1rem; background: var(--topbar); color: #fff; }
.topbar h1 { margin: 0; font-size: 1.125rem; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.topbar-tools { display: flex; align-items: center; gap: .5rem .75rem; flex-wrap: wrap; }
.topbar a { color: #fff; font-weight: 600; }
.topbar :focus-visible { outline-color: #fbbf24; }
.topbar select { font: inherit; padding: .3rem .5rem; border-radius: .375rem; border: 1px solid #fff; min-height: 2.25rem; }

button { font: inherit; cursor: pointer; }
button.primary, button.secondary { border-radius: .5rem; padding: .55rem 1.1rem; font-weight: 600; min-height: 2.75rem; }
button.primary { background: var(--primary); color: #fff; border: 2px solid var(--primary); }
button.primary:hover { background: var(--primary-dark); border-color: var(--primary-dark); }
button.secondary { background: var(--surface); color: var(--primary); border: 2px solid var(--primary); }
button.secondary:hover { background: #e8f0fa; }
button:disabled, button:disabled:hover { background: #e4e7eb; color: #4a5563; border-color: #9aa3ae; cursor: not-allowed; }

.panel { background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.1rem; }
.panel h2 { margin: 0 0 .75rem; font-size: 1.0625rem; }
.field { display: flex; flex-direction: column; gap: .3rem; margin-bottom: .75rem; }
.field label { font-weight: 600; }
.field input, .field select, .composer input { font: inherit; color: var(--text); background: var(--surface); padding: .5rem .7rem; border: 1px solid var(--field); border-radius: .5rem; min-height: 2.75rem; width: 100%; }
.help { margin: 0; color: var(--muted); font-size: .875rem; }
.check { display: flex; align-items: center; gap: .5rem; min-height: 2.25rem; }
.check input, .option input { width: 1.2rem; height: 1.2rem; margin: 0; accent-color: var(--primary); flex: none; }
.status-line { margin: .5rem 0 0; color: var(--muted); font-size: .9375rem; min-height: 1.2em; }

/* The chat */
.chat-page { height: 100vh; height: 100dvh; display: flex; flex-direction: column; overflow: hidden; }
.chat-page .topbar { flex-wrap: nowrap; flex: none; }
.chat-page .topbar-tools { flex-wrap: nowrap; }
.chat { flex: 1; min-height: 0; width: 100%; max-width: 46rem; margin: 0 auto; display: flex; flex-direction: column; }
.chat > .panel { margin: 1rem; display: flex; flex-direction: column; }
.chat > .panel .primary { align-self: flex-start; }
.conversation { flex: 1; min-height: 0; display: flex; flex-direction: column; background: var(--bg); }
.conv-bar button { white-space: nowrap; }
.handover-control { display: flex; align-items: center; gap: .4rem; font-size: .875rem; flex-wrap: wrap; min-width: 0; }
.handover-control select { max-width: 100%; }
.conv-bar { display: flex; flex-wrap: nowrap; align-items: center; justify-content: space-between; gap: .5rem; padding: .4rem 1rem; background: var(--surface); border-bottom: 1px solid var(--line); }
.conv-status { margin: 0; font-weight: 600; display: flex; align-items: center; gap: .45rem; min-width: 0; }
.conv-status::before { content: ""; flex: none; width: .7rem; height: .7rem; border-radius: 50%; background: #15803d; }
[data-state="statusEscalated"] .conv-status::before { background: #b45309; }
[data-state="statusOffline"] .conv-status::before { background: #b91c1c; }
.you .waiting-note { margin: .2rem 0 0; font-size: .85em; }
[data-state="statusCompleted"] .conv-status::before { background: #4a5563; }
.message-log { flex: 1; min-height: 0; overflow-y: auto; position: relative; }
.msg { position: relative; }
.messages { list-style: none; margin: 0; padding: 1rem; display: flex; flex-direction: column; gap: .75rem; }
.msg { display: flex; flex-direction: column; align-items: flex-start; gap: .4rem; max-width: 88%; }
.msg.you { align-self: flex-end; align-items: flex-end; }
.msg.system { align-self: stretch; max-width: 100%; align-items: center; }
.bubble { margin: 0; padding: .6rem .85rem; border-radius: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.bot .bubble, .agent .bubble { background: var(--surface); border: 1px solid var(--line); border-bottom-left-radius: .3rem; }
.agent .bubble { border-left: 4px solid #b45309; }
.you .bubble { background: var(--primary); color: #fff; border-bottom-right-radius: .3rem; }
.you.pending .bubble { outline: 2px dashed var(--field); outline-offset: 2px; }
.you.failed .bubble { background: var(--surface); color: var(--error); border: 2px solid var(--error); }
.msg .error { margin: 0; font-size: .875rem; }
.notice { margin: 0; padding: .5rem .9rem; border-radius: .5rem; border: 1px solid; font-weight: 600; text-align: center; }
.notice-escalated { background: #fff3cd; color: #4d3400; border-color: #b58100; }
.notice-agent, .notice-active { background: #dbeafe; color: #1e3a8a; border-color: #1d4ed8; }
.notice-completed { background: #e4e7eb; color: var(--text); border-color: #9aa3ae; }
.notice-error { background: #fee2e2; color: #7f1d1d; border-color: #b91c1c; }
.quick-replies { display: flex; flex-wrap: wrap; gap: .5rem; }
button.choice { background: var(--surface); color: var(--primary); border: 2px solid var(--primary); border-radius: 999px; padding: .45rem 1rem; min-height: 2.75rem; font-weight: 600; }
button.choice:hover { background: #e8f0fa; }
button.choice:disabled { background: #e4e7eb; color: #4a5563; border-color: #9aa3ae; }
button.choice.chosen:disabled { background: #dbe7f5; color: #083f7a; border-color: #083f7a; }
.picker { background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; padding: .75rem; width: min(22rem, 100%); }
.picker fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .15rem; min-width: 0; }
.picker legend { font-weight: 600; padding: 0; margin-bottom: .4rem; }
.option { display: grid; grid-template-columns: auto 1fr; column-gap: .6rem; align-items: center; padding: .45rem .5rem; border-radius: .5rem; min-height: 2.75rem; cursor: pointer; }
.option:hover { background: #eef2f7; }
.option-sub { grid-column: 2; color: var(--muted); font-size: .875rem; }
.picker button.primary { margin-top: .5rem; }
.picker-hint { margin: .4rem 0 0; color: var(--error); font-size: .875rem; font-weight: 600; }
.picker-hint:empty { display: none; }
.card { display: flex; flex-direction: column; gap: .2rem; width: min(22rem, 100%); padding: .75rem .9rem; background: var(--surface); border: 1px solid var(--line); border-left: 4px solid var(--primary); border-radius: .75rem; color: var(--text); text-decoration: none; }
.card img { width: 100%; max-height: 10rem; object-fit: cover; border-radius: .5rem; margin-bottom: .3rem; }
.card-title { font-weight: 700; color: var(--primary); text-decoration: underline; }
.card-desc { color: var(--muted); }
.card-url { color: var(--muted); font-size: .8125rem; }
.typing { margin: 0; padding: .25rem 1rem .5rem; color: var(--muted); font-style: italic; }
.composer { display: flex; gap: .5rem; padding: .75rem 1rem; background: var(--surface); border-top: 1px solid var(--line); }
.composer input { flex: 1; min-width: 0; width: auto; }
button.attach { min-width: 2.75rem; padding: 0 .6rem; font-size: 1.375rem; line-height: 1; }
.sent-picture { display: block; max-width: min(14rem, 100%); max-height: 12rem; border-radius: .75rem; border: 1px solid var(--line); }
.composer input:disabled { background: #e4e7eb; }

/* The inspector */
.inspector-page { height: 100vh; display: flex; flex-direction: column; }
.inspector { flex: 1; min-height: 0; display: grid; grid-template-columns: 19rem minmax(0, 1fr) minmax(0, 24rem); gap: 1rem; padding: 1rem; }
.controls { display: flex; flex-direction: column; gap: 1rem; overflow-y: auto; min-height: 0; }
.controls .panel .primary { width: 100%; }
.faults fieldset, .drifts { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 .75rem; padding: .5rem .75rem .25rem; }
.faults legend { font-weight: 700; padding: 0 .25rem; }
.grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 0 .75rem; }
.grid2 .field label { font-size: .9375rem; }
.narrow input { width: 8rem; }
.buttons, .inline { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: .75rem; }
.inline select { flex: 1; min-width: 8rem; }
.log { display: flex; flex-direction: column; min-height: 0; background: var(--surface); border: 1px solid var(--line); border-radius: .75rem; overflow: hidden; }
.counts { margin: 0; padding: .6rem .8rem; border-bottom: 1px solid var(--line); font-weight: 600; }
.log > .error { margin: 0; padding: .5rem .8rem; }
.entries { list-style: none; margin: 0; padding: 0; overflow-y: auto; flex: 1; font-size: .875rem; }
button.entry { display: flex; flex-wrap: wrap; align-items: baseline; gap: .25rem .6rem; width: 100%; padding: .4rem .7rem; text-align: left; color: var(--text); background: var(--surface); border: 0; border-bottom: 1px solid #e3e7ec; }
button.entry:hover { background: #f0f4f9; }
button.entry[aria-pressed="true"] { background: #e1ecf8; box-shadow: inset 4px 0 0 var(--primary); }
.seq, .time, .ms, .rate { color: var(--muted); font-variant-numeric: tabular-nums; }
.seq { min-width: 2.5rem; }
.time { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .8125rem; }
.summary { flex: 1 1 100%; overflow-wrap: anywhere; font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: .8125rem; }
.service { color: var(--muted); }
.rate { font-size: .8125rem; }
.kind, .status, .flag { font-size: .75rem; font-weight: 700; padding: .05rem .4rem; border-radius: .25rem; }
.kind { text-transform: uppercase; background: #e4e7eb; color: #1f2933; }
.kind-platform { background: #dbeafe; color: #1e3a8a; }
.kind-message { background: #dcfce7; color: #14532d; }
.kind-callback { background: #f3e8ff; color: #581c87; }
.kind-token { background: #fef3c7; color: #78350f; }
.status.ok { background: #dcfce7; color: #14532d; }
.status.throttled { background: #ffedd5; color: #7c2d12; }
.status.refused { background: #f3e8ff; color: #581c87; }
.status.bad { background: #fee2e2; color: #7f1d1d; }
.flag { border: 1px solid; }
.flag-throttled { background: #ffedd5; color: #7c2d12; border-color: #c2410c; }
.flag-retry { background: #dbeafe; color: #1e3a8a; border-color: #1d4ed8; }
.flag-token { background: #fef3c7; color: #78350f; border-color: #b45309; }
.flag-5xx, .flag-failed { background: #fee2e2; color: #7f1d1d; border-color: #b91c1c; }
.flag-duplicate { background: #f3e8ff; color: #581c87; border-color: #7e22ce; }
.detail { display: flex; flex-direction: column; min-height: 0; }
.detail h2 { margin: 0 0 .5rem; font-size: 1rem; }
.detail pre { flex: 1; margin: 0; min-height: 8rem; overflow: auto; padding: .75rem; background: #0f1720; color: #e5e7eb; border-radius: .75rem; font-size: .8125rem; white-space: pre-wrap; overflow-wrap: anywhere; }

@media (max-width: 1200px) {
  .inspector { grid-template-columns: 20rem minmax(0, 1fr); grid-template-rows: minmax(0, 1fr) auto; }
  .detail { grid-column: 1 / -1; }
  .detail pre { max-height: 40vh; }
}
@media (max-width: 760px) {
  .inspector-page { height: auto; }
  .inspector { display: flex; flex-direction: column; }
  .entries { max-height: 70vh; }
}
@media (max-width: 480px) {
  .chat-page .topbar { padding: .3rem .75rem; gap: .5rem; }
  .chat-page .topbar h1 { font-size: 1rem; }
  .chat-page .topbar select { min-height: 2.25rem; padding: .2rem .4rem; }
  .chat-page .language-label { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .conv-bar { padding: .2rem .75rem; }
  .conv-bar button.secondary { min-height: 2.25rem; padding: .2rem .8rem; }
  .composer { padding: .4rem .6rem; gap: .4rem; }
  .composer input, .composer button.primary, .composer button.secondary { min-height: 2.5rem; }
  .composer button.primary { padding: .3rem .8rem; }
}
@media (max-width: 420px) {
  .messages { padding: .75rem .6rem; }
  .msg { max-width: 94%; }
  .chat > .panel { margin: .6rem; }
  .grid2 { grid-template-columns: 1fr; }
}
`;
