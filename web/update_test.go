package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUpdateBannerAfterAppUpdate: go-app calls OnAppUpdate when a new
// version waits (static/update.js → goappOnUpdate); only then does the page
// show the notice with its Reload button, in the page and in an embed.
func TestUpdateBannerAfterAppUpdate(t *testing.T) {
	p, e := loadPlayground(t)
	html := app.HTMLString(p)
	assert.NotContains(t, html, Msg.UpdateReady, "no notice before a new version waits")
	assert.NotContains(t, html, `id="`+IDUpdateReload+`"`)

	var _ app.AppUpdater = p // go-app calls it on goappOnUpdate
	p.ctx.Dispatch(func(ctx app.Context) { p.OnAppUpdate(ctx) })
	e.ConsumeAll()
	html = app.HTMLString(p)
	require.Contains(t, html, Msg.UpdateReady)
	require.Contains(t, html, `id="`+IDUpdateReload+`"`)
	assert.Contains(t, html, `role="status"`, "a polite notice, not an alert that takes the focus")

	for _, started := range []bool{false, true} {
		p.x.opts.Embed, p.x.started = true, started
		assert.Contains(t, app.HTMLString(p), `id="`+IDUpdateReload+`"`, "embed started=%v", started)
	}
}

func TestUpdateMessagesTranslated(t *testing.T) {
	for _, m := range []*Messages{&English, &Hindi} {
		require.NotEmpty(t, m.UpdateReady)
		require.NotEmpty(t, m.UpdateReload)
	}
	assert.NotEqual(t, English.UpdateReady, Hindi.UpdateReady)
	assert.NotEqual(t, English.UpdateReload, Hindi.UpdateReload)
}
