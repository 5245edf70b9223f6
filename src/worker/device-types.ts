/** The platforms simdeck drives. */
export type DeviceType = 'ios' | 'android';
