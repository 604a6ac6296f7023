// Package usage meters what Vidra's customers use, from Vidra's own facts,
// each counted once: bytes and media seconds delivered by /v1/play (counted
// in memory per project and hour, flushed idempotently), storage as
// byte-seconds and video-seconds from the stored_object records, encoded
// output seconds from renditions made ready, and live input seconds. Totals
// reads them back for a period; billing and the usage endpoints use it.
//
// Units: delivered_bytes in bytes; stored_byte_seconds in byte-seconds (bytes
// held times seconds held); stored_video_seconds in video-seconds times seconds
// held (divide by the period's length for the average stored duration); every
// other *_seconds metric in seconds. The tables keep seconds metrics in
// milliseconds; Totals rounds each metric's sum once, half up.
package usage
