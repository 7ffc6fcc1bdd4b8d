/**
 * Spanish first messages for TUNING (U5), written for tuning without reading the Spanish
 * held-out set (heldOut/heldOutEs.ts). Tune on these freely.
 *
 * Labels: '101' home internet, '202' printers, 'both' (no automatic pick), 'none' (no pick),
 * 'person' (asks for a human).
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export const TUNING_FIRST_MESSAGES_ES: readonly HeldOutMessage[] = Object.freeze([
  { text: 'no tengo internet desde ayer', expect: '101' },
  { text: 'el wifi va lentísimo', expect: '101' },
  { text: 'el router tiene una luz roja parpadeando', expect: '101' },
  { text: 'se me corta la conexión cada rato', expect: '101' },
  { text: 'no puedo navegar, las páginas no cargan', expect: '101' },
  { text: 'la fibra no funciona', expect: '101' },
  { text: 'el módem no enciende', expect: '101' },
  { text: 'muy poca señal de wifi en el salón', expect: '101' },
  { text: 'internet super lento por las noches', expect: '101' },
  { text: 'mi internet no va', expect: '101' },
  { text: 'sin conexion a la red', expect: '101' },
  { text: 'la tele no se conecta al wifi', expect: '101' },
  { text: 'la impresora no imprime', expect: '202' },
  { text: 'se atasca el papel', expect: '202' },
  { text: 'las hojas salen en blanco', expect: '202' },
  { text: 'la tinta mancha todo', expect: '202' },
  { text: 'salen rayas en las copias impresas', expect: '202' },
  { text: 'el ordenador no detecta la impresora', expect: '202' },
  { text: 'no reconoce el cartucho nuevo', expect: '202' },
  { text: 'la impresora dice que esta desconectada', expect: '202' },
  { text: 'impresion muy clara y borrosa', expect: '202' },
  { text: 'mi impresora laser hace ruido raro', expect: '202' },
  { text: 'no me funciona ni internet ni la impresora', expect: 'both' },
  { text: 'tengo problemas con el wifi y con la impresora', expect: 'both' },
  { text: 'quiero hablar con una persona', expect: 'person' },
  { text: 'pásame con un agente', expect: 'person' },
  { text: 'necesito un operador humano', expect: 'person' },
  { text: 'buenas tardes', expect: 'none' },
  { text: 'quiero cambiar mi tarifa', expect: 'none' },
  { text: 'no me ha llegado la factura', expect: 'none' },
  { text: 'mi lavadora pierde agua', expect: 'none' },
]);
