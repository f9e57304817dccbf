// HarfBuzz (Debian libharfbuzz-dev): shaping (hb_shape) and the OpenType metrics (hb_ot_metrics_*) that
// KeyboardTextMetrics measures text with.
#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
