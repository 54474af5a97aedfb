package asciicast

import "os"

func openDevNull() (*os.File, error) { return os.OpenFile(os.DevNull, os.O_WRONLY, 0) }
