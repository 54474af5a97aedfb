// Package mcp serves the incident library to coding agents over the Model
// Context Protocol: the tools search_incidents, get_incident,
// list_incidents, get_timeline, vocab and get_topic, with the Incident
// Library's names.
//
// Every tool answers with the JSON the CLI's --json prints for the same
// question, built by package library's views and encoded by its
// WriteJSON: as structured content, and as a text copy for clients that
// read only text. A result is capped (DefaultMaxResult); one that would
// be larger is cut where it can be cut without lying (fewer list items,
// fewer points per series, shorter text fields) and says so in a
// "truncated" field.
//
// Series keep their provenance (reported, modelled, illustrative), and a
// what-if run is marked hypothetical, so an agent never passes a modelled
// curve off as a measurement.
//
// The protocol itself (framing, initialisation, schema validation of
// arguments) is the official Go SDK's, github.com/modelcontextprotocol/go-sdk.
package mcp
