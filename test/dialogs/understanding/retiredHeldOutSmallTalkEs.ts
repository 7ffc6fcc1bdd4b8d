/**
 * RETIRED HELD-OUT SET, now on the tuning side. Written blind on 2026-11-29 (heldOut/PROVENANCE.md),
 * measured twice as held-out; the second measurement informed tuning, so it was retired on the
 * same day and a new blind set took its place in heldOut/. Tune on it freely.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export const RETIRED_HELD_OUT_SMALL_TALK_ES: readonly HeldOutMessage[] = Object.freeze([
  { text: 'muchas gracias', expect: 'ending' },
  { text: 'adiós', expect: 'ending' },
  { text: 'hola', expect: 'ending' },
  { text: 'buenas tardes', expect: 'ending' },
  { text: 'eso es todo', expect: 'ending' },
  { text: 'nada más, gracias', expect: 'ending' },
  { text: 'genial, ya funciona, gracias', expect: 'ending' },
  { text: 'vale perfecto gracias', expect: 'ending' },
  { text: 'gracias, hasta luego', expect: 'ending' },
  { text: 'buenos días', expect: 'ending' },
  { text: 'listo, gracias', expect: 'ending' },
  { text: 'ok, chao', expect: 'ending' },
  { text: 'ya está todo bien', expect: 'ending' },
  { text: 'mil gracias por la ayuda', expect: 'ending' },
  { text: 'me han cobrado dos veces la factura', expect: 'offTopic' },
  { text: 'quiero darme de baja', expect: 'offTopic' },
  { text: 'cuánto cuesta la tarifa más rápida', expect: 'offTopic' },
  { text: 'dónde está mi pedido', expect: 'offTopic' },
  { text: 'cómo devuelvo un producto', expect: 'offTopic' },
  { text: 'horario de la tienda', expect: 'offTopic' },
  { text: 'dirección de la tienda más cercana', expect: 'offTopic' },
  { text: 'quiero cambiar de tarifa', expect: 'offTopic' },
  { text: 'no entiendo mi factura', expect: 'offTopic' },
  { text: 'cómo activo el roaming en mi móvil', expect: 'offTopic' },
  { text: 'me mudo, ¿cómo hago el traslado del contrato?', expect: 'offTopic' },
  { text: 'quiero contratar el paquete de fútbol en la tele', expect: 'offTopic' },
  { text: 'no me ha llegado el paquete', expect: 'offTopic' },
  { text: 'quiero hacer la portabilidad de mi línea móvil', expect: 'offTopic' },
  { text: 'quiero hablar con un agente', expect: 'person' },
  { text: 'pásame con una persona', expect: 'person' },
  { text: 'no quiero un robot', expect: 'person' },
  { text: 'llámenme por teléfono por favor', expect: 'person' },
]);
