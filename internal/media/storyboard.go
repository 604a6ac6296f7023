package media

// Storyboard describes a video's storyboard sprite: frames taken every Interval
// seconds, scaled to TileWidth x TileHeight and laid out in Columns x Rows.
type Storyboard struct {
	Interval   float64 `json:"interval"`
	Columns    int     `json:"columns"`
	Rows       int     `json:"rows"`
	TileWidth  int     `json:"tile_width"`
	TileHeight int     `json:"tile_height"`
	Frames     int     `json:"frames"`
}
