// Package tui is the full-screen explorer: App, the one tea.Model, owns the
// window size, the language, the help and a stack of screens, and routes
// each message to the screen that owns it.
//
// Every screen is a Screen (screen.go): each screen package (explorer,
// detail, replayer) keeps its own concrete Model, and a small adapter in
// screens.go makes it a Screen. The root never asks which kind a screen is.
// Keys go, in order: ctrl+c quits; a screen that captures typed keys gets
// every other key; then the global keys (?, t, q); then the focused screen.
// The result of a command a screen returns is addressed to that screen and
// dropped once it is closed. Screens ask the root to open or close screens
// with typed messages, which App.navigate (app_screens.go) handles.
//
// The app reads the library through package library and draws with the
// styles of package theme, built from the renderer of the output it draws
// to, so one process can serve several terminals, each with its own.
package tui
